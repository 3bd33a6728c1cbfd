import numpy as np


def _media_por_fila(M):
    return M.mean(axis=1).reshape(-1, 1)


def _desviacion_por_fila(M, media):
    return np.sqrt(((M - media) ** 2).mean(axis=1)).reshape(-1, 1)


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = _media_por_fila(X)
    s = _desviacion_por_fila(X, mu)
    tmp = (X - mu) / np.sqrt(s ** 2 + eps)
    tmp = tmp * gamma
    tmp = tmp + beta
    return tmp
