# kind: single
# misconception_es: media por fila pero varianza de toda la matriz
# misconception_en: per-row mean but variance of the whole matrix
# line: 11
# expect: new:whole_matrix_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    sigma = X.std()
    return gamma * (X - mu) / np.sqrt(sigma**2 + eps) + beta
