import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    m = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, ddof=1, keepdims=True)   # desviacion tipica de la fila
    xn = (X - m) / np.sqrt(s * s + eps)
    return gamma * xn + beta
