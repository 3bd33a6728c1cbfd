import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s * s + eps) + beta


def bloque(X, atencion, p):
    sub = X + atencion(X)
    h = layer_norm(X + sub, p["gamma1"], p["beta1"])
    f = np.maximum(0.0, h @ p["W1"] + p["b1"])
    f = f @ p["W2"] + p["b2"]
    sub2 = h + f
    return layer_norm(sub2, p["gamma2"], p["beta2"])
