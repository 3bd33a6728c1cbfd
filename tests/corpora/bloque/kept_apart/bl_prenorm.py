import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta

def bloque(X, atencion, p):
    # pre-norm: normalizo lo que entra en cada subcapa
    H = X + atencion(layer_norm(X, p["gamma1"], p["beta1"]))
    Z = layer_norm(H, p["gamma2"], p["beta2"])
    F = np.maximum(0, Z @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return H + F
