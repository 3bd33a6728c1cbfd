# expect: one_norm_pair_for_both
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    g, b = p["gamma1"], p["beta1"]
    H = layer_norm(X + atencion(X), g, b)
    return layer_norm(H + np.maximum(0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"], g, b)
