import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    M[np.triu_indices(T, k=1)] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    d_k = K.shape[-1]
    E = Q @ K.T / np.sqrt(d_k)
    if mascara is not None:
        E = E + mascara
    E = E - np.max(E, axis=-1, keepdims=True)
    pesos = np.exp(E)
    pesos = pesos / np.sum(pesos, axis=-1, keepdims=True)
    salida = pesos @ V
    return salida, pesos
