# kind: single
# misconception_es: calcula una sola media y una sola desviación para toda la matriz en vez de una por fila
# misconception_en: computes one mean and one deviation for the whole matrix instead of one per row
# line: 9, 10
# expect: normalizes_whole_matrix
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean()
    sigma = X.std()
    return gamma * (X - mu) / np.sqrt(sigma**2 + eps) + beta
