# expect: masks_cross_attention
import numpy as np


def mascara_causal(T):
    i, j = np.indices((T, T))
    return np.where(j > i, -np.inf, 0.0)


def atencion(Q, K, V, mascara=None):
    T_q, T_k = Q.shape[0], K.shape[0]
    M = np.triu(np.full((T_q, T_k), -np.inf), k=1)
    E = Q @ K.T / np.sqrt(Q.shape[1]) + M
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
