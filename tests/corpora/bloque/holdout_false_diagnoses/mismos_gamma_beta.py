# kind: single
# misconception_es: Usa gamma1 y beta1 en los dos layer norm, como si el bloque tuviera un solo par de vectores de normalización.
# misconception_en: Uses gamma1 and beta1 in both layer norms, as if the block had a single pair of normalisation vectors.
# line: 18
# expect: one_norm_pair_for_both

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque(X, atencion, p):
    g, b = p["gamma1"], p["beta1"]
    sumar_y_normalizar = lambda entrada, salida: layer_norm(entrada + salida, g, b)
    H = sumar_y_normalizar(X, atencion(X))
    F = np.maximum(0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return sumar_y_normalizar(H, F)
