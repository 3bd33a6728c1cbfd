import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta

def bloque(X, atencion, p):
    X += atencion(X)
    X = layer_norm(X, p["gamma1"], p["beta1"])
    F = np.maximum(0, X @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(X + F, p["gamma2"], p["beta2"])
