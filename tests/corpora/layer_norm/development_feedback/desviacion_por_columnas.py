# kind: single
# misconception_es: Calcula la media de cada fila pero la desviación de cada columna (axis=0).
# misconception_en: Computes each row's mean but each column's deviation (axis=0).
# line: 13
# step: s
# expect: statistics_on_different_axes
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    m = X.mean(axis=1, keepdims=True)
    c = X - m
    s = X.std(axis=0, keepdims=True)
    return gamma * c / np.sqrt(s ** 2 + eps) + beta
