import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    """Layer norm por filas."""
    mu = X.mean(axis=1, keepdims=True)
    var = ((X - mu) ** 2).mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    """Dos subcapas del encoder."""
    x1 = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    z = x1 @ p["W1"] + p["b1"]
    z = np.maximum(z, 0)
    ffn = z @ p["W2"] + p["b2"]
    x2 = layer_norm(ffn, p["gamma2"], p["beta2"])
    return x2
