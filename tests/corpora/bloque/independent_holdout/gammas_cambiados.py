# kind: single
# misconception_es: usa gamma2/beta2 en la primera normalización y gamma1/beta1 en la segunda
# misconception_en: uses gamma2/beta2 in the first normalisation and gamma1/beta1 in the second
# line: 16, 18
# expect: norm_pairs_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma2"], p["beta2"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma1"], p["beta1"])
