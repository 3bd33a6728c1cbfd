# kind: single
# misconception_es: Calcula la media y la desviación típica de cada columna (a lo largo de las posiciones, como la normalización por batch) en lugar de cada fila.
# misconception_en: Computes the mean and standard deviation of each column (across positions, like batch norm) instead of each row.
# line: 12, 13
# expect: normalizes_by_column

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    # media y desviación de cada coordenada
    media = X.mean(axis=0, keepdims=True)
    desv = X.std(axis=0, keepdims=True)
    x_norm = (X - media) / np.sqrt(desv**2 + eps)
    return gamma * x_norm + beta
