# expect: no_sqrt_dk
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    T_q, T_k = Q.shape[0], K.shape[0]
    E = np.zeros((T_q, T_k))
    for i in range(T_q):
        for j in range(T_k):
            E[i, j] = Q[i] @ K[j]
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
