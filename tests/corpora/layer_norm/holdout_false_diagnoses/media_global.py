# kind: single
# misconception_es: Centra con la media de toda la matriz en lugar de con la media mu_t de cada fila (la desviación sí es por filas).
# misconception_en: Centres with the mean of the whole matrix instead of each row's own mean mu_t (the deviation is per row).
# line: 12
# expect: statistics_on_different_axes

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    X = np.asarray(X, dtype=float)
    mu = X.mean()  # media de X
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
