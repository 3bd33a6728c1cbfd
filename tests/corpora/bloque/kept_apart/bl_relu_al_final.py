import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=1, keepdims=True)
    sigma = np.sqrt(np.mean((X - mu) ** 2, axis=1, keepdims=True))
    return gamma * (X - mu) / np.sqrt(sigma ** 2 + eps) + beta


def bloque(X, atencion, p):
    h = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    ffn = np.maximum(0, (h @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"])
    return layer_norm(h + ffn, p["gamma2"], p["beta2"])
