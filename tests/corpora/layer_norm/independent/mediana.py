# kind: single
# misconception_es: centra con la mediana de la fila en vez de con la media
# misconception_en: centres each row with its median instead of its mean
# line: 10
# expect: new:median_as_centre
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    centro = np.median(X, axis=1, keepdims=True)
    dispersion = np.sqrt(((X - centro) ** 2).mean(axis=1, keepdims=True))
    return gamma * (X - centro) / np.sqrt(dispersion**2 + eps) + beta
