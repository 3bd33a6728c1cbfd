# kind: nonsense
# misconception_es: Hace sumas acumuladas por columnas y divide por el número de filas; no tiene nada que ver con normalizar cada fila.
# misconception_en: Takes cumulative sums down the columns and divides by the number of rows; nothing to do with normalising each row.
# line: 11, 12
# expect: none

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    acum = np.cumsum(X, axis=0)
    return (acum * gamma - beta) / (X.shape[0] + eps)
