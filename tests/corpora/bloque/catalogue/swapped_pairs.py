# expect: norm_pairs_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    a = layer_norm(X + atencion(X), p["gamma2"], p["beta2"])
    f = np.maximum(0.0, a @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(a + f, p["gamma1"], p["beta1"])
