import numpy as np


def softmax_filas(S):
    """Softmax estable por filas."""
    S = S - np.max(S, axis=1, keepdims=True)
    tmp = np.exp(S)
    return tmp / tmp.sum(axis=1, keepdims=True)


def mascara_causal(T):
    vivas = np.tril(np.ones((T, T)))
    M = np.zeros((T, T))
    M[vivas == 0] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    dk = K.shape[1]
    e = np.dot(Q, K.T) / dk ** 0.5
    if mascara is not None:
        e = e + mascara
    pesos = softmax_filas(e)
    salida = np.dot(pesos, V)
    return (salida, pesos)
