# copy_of: tests/corpora/layer_norm/solutions/loops.py
# disguise: names renamed, statements reordered, comments added
import numpy as np
import math


def layer_norm(X, gamma, beta, eps=1e-5):
    n_filas, n_cols = X.shape
    resultado = np.empty((n_filas, n_cols), dtype=float)
    for fila in range(n_filas):
        # primero la media de la fila
        media = 0.0
        for c in range(n_cols):
            media += X[fila, c]
        media /= n_cols
        # luego la varianza
        varianza = 0.0
        for c in range(n_cols):
            varianza += (X[fila, c] - media) ** 2
        varianza /= n_cols
        for c in range(n_cols):
            resultado[fila, c] = gamma[c] * (X[fila, c] - media) / math.sqrt(varianza + eps) + beta[c]
    return resultado
