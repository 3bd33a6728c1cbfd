"""Layer norm with small helpers and np.var."""

import numpy as np


def media_por_fila(X):
    return np.mean(X, axis=-1, keepdims=True)


def varianza_por_fila(X):
    return np.var(X, axis=-1, keepdims=True)


def normaliza(X, eps):
    return (X - media_por_fila(X)) / np.sqrt(varianza_por_fila(X) + eps)


def layer_norm(X, gamma, beta, eps=1e-5):
    X = np.asarray(X, dtype=np.float64)
    return normaliza(X, eps) * gamma + beta
