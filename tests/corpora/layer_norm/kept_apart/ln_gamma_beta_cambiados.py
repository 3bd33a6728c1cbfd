import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    """Normaliza cada fila y luego la reescala."""
    mu = X.mean(axis=1, keepdims=True)
    sigma2 = ((X - mu) ** 2).mean(axis=1, keepdims=True)
    xhat = (X - mu) / np.sqrt(sigma2 + eps)
    return beta * xhat + gamma
