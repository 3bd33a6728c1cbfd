# copy_of: tests/corpora/layer_norm/independent/columnas_bucle.py
# disguise: the same mistake, names renamed, a statement moved, comment changed
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    salida = np.zeros_like(X, dtype=float)
    filas, dim = X.shape
    for k in range(dim):  # para cada columna
        columna = X[:, k]
        mm = columna.mean()
        vv = ((columna - mm) ** 2).mean()
        salida[:, k] = (columna - mm) / np.sqrt(vv + eps)
    return gamma * salida + beta
