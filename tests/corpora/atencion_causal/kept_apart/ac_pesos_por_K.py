import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    M[np.triu_indices(T, k=1)] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    d_k = Q.shape[1]
    E = Q @ K.T / np.sqrt(d_k)
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    salida = pesos @ K
    return salida, pesos
