import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta

def relu(x):
    return np.maximum(0, x)

def bloque(X, atencion, p):
    h = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    f = relu(h @ p["W1"] + p["b1"]) @ (p["W2"] + p["b2"])
    return layer_norm(h + f, p["gamma2"], p["beta2"])
