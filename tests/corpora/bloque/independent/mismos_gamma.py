# kind: single
# misconception_es: usa gamma1/beta1 en las dos normalizaciones
# misconception_en: uses gamma1/beta1 in both normalisations
# line: 19
# expect: one_norm_pair_for_both
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    g, b = p["gamma1"], p["beta1"]
    H = layer_norm(X + atencion(X), g, b)
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, g, b)
