# kind: single
# misconception_es: El layer norm calcula la media y la desviación de cada columna (a lo largo de las posiciones) en lugar de cada fila.
# misconception_en: The layer norm computes the mean and deviation of each column (across positions) instead of each row.
# line: 11, 12
# expect: new:normalizes_by_column

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=0)
    s = X.std(axis=0)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
