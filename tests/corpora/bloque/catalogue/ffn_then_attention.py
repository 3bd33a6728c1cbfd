# expect: sublayers_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    F = np.maximum(0.0, X @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    H = layer_norm(X + F, p["gamma1"], p["beta1"])
    return layer_norm(H + atencion(H), p["gamma2"], p["beta2"])
