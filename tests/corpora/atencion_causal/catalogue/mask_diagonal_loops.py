# expect: diagonal_masked
import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    for i in range(T):
        for j in range(T):
            if j >= i:
                M[i, j] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
