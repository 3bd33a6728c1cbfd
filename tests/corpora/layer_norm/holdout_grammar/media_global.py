# kind: single
# misconception_es: Calcula una sola media y una sola desviación típica para toda la matriz en lugar de una por fila.
# misconception_en: Computes a single mean and a single standard deviation for the whole matrix instead of one per row.
# line: 11, 12
# expect: normalizes_whole_matrix
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    # estadisticos de las activaciones
    mu = np.mean(X)
    s = np.std(X)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta
