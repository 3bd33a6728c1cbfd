# kind: single
# misconception_es: normaliza por columnas (media y desviación de cada columna) en vez de por fila
# misconception_en: normalises per column (statistics of each column) instead of per row
# line: 12
# expect: normalizes_by_column
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    T, d = X.shape
    out = np.zeros_like(X, dtype=float)
    for j in range(d):  # recorro cada coordenada
        col = X[:, j]
        m = col.mean()
        v = ((col - m) ** 2).mean()
        out[:, j] = (col - m) / np.sqrt(v + eps)
    return gamma * out + beta
