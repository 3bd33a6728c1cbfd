# kind: single
# misconception_es: Calcula la media y la desviación por filas sin keepdims, de modo que al restar se emparejan con las columnas en lugar de con las filas.
# misconception_en: Computes the row mean and std without keepdims, so broadcasting pairs them with columns instead of rows.
# line: 10, 11
# expect: missing_keepdims
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1)
    s = X.std(axis=1)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
