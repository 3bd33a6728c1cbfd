# kind: single
# misconception_es: Normaliza cada coordenada a lo largo de las posiciones (por columnas, como la normalización por batch) en lugar de cada fila con sus propias coordenadas.
# misconception_en: Normalises each coordinate across positions (by columns, like batch norm) instead of each row with its own coordinates.
# line: 8
# expect: normalizes_by_column
import numpy as np

EJE = 0  # las posiciones van en el eje 0


def layer_norm(X, gamma, beta, eps=1e-5):
    media = X.mean(axis=EJE, keepdims=True)
    varianza = X.var(axis=EJE, keepdims=True)
    return gamma * (X - media) / np.sqrt(varianza + eps) + beta
