import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    for i in range(T):
        M[i, i + 1:] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    d_k = K.shape[-1]
    punt = Q @ K.T / np.sqrt(d_k)
    if mascara is not None:
        punt = punt + mascara
    ex = np.exp(punt - np.max(punt, axis=1, keepdims=True))
    pesos = ex / ex.sum()
    return pesos @ V, pesos
