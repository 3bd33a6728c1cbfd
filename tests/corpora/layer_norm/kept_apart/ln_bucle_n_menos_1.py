import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    salida = np.zeros_like(X, dtype=float)
    n = X.shape[1]
    for t in range(X.shape[0]):
        fila = X[t, :]
        mu = sum(fila) / n
        var = sum((v - mu) ** 2 for v in fila) / (n - 1)
        salida[t, :] = gamma * (fila - mu) / np.sqrt(var + eps) + beta
    return salida
