import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    """LayerNorm por filas: cada posicion con su propia media y desviacion."""
    mu = np.mean(X, axis=1, keepdims=True)
    var = np.mean((X - mu) ** 2, axis=1, keepdims=True)
    x_hat = (X - mu) / np.sqrt(var + eps)
    return gamma * x_hat + beta
