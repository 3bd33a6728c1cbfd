import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    media = np.mean(X, axis=1, keepdims=True)
    s = np.std(X, axis=1, keepdims=True)
    return gamma * (X - media) / np.sqrt(s ** 2 + eps) + beta


def bloque(X, atencion, p):
    h = X + layer_norm(atencion(X), p["gamma1"], p["beta1"])
    ff = np.maximum(0, h @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return h + layer_norm(ff, p["gamma2"], p["beta2"])
