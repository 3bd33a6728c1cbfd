# kind: single
# misconception_es: El layer norm del bloque calcula la media y la desviación de cada coordenada a lo largo de las posiciones (axis=0) en lugar de por filas.
# misconception_en: The block's layer norm computes the mean and std of each coordinate across positions (axis=0) instead of per row.
# line: 10, 11
# expect: normalizes_by_column
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=0)
    var = X.var(axis=0)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
