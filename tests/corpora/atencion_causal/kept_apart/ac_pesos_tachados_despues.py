import numpy as np


def _softmax(E):
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    return Z / Z.sum(axis=1, keepdims=True)


def mascara_causal(T):
    M = np.zeros((T, T))
    M[np.triu_indices(T, k=1)] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    pesos = _softmax(E) if mascara is None else _softmax(E) * (mascara == 0)
    salida = pesos @ V
    return salida, pesos
