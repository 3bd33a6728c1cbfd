# kind: single
# misconception_es: Recorre X.T, es decir las columnas, y normaliza cada coordenada a lo largo de las posiciones (como batch norm) en lugar de cada fila.
# misconception_en: Walks X.T, that is the columns, and normalises each coordinate across positions (like batch norm) instead of each row.
# line: 11
# expect: normalizes_by_column
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    cols = []
    for c in X.T:
        cols.append((c - c.mean()) / np.sqrt(c.var() + eps))
    return gamma * np.stack(cols, axis=1) + beta
