# expect: inf_times_zero
import numpy as np


def mascara_causal(T):
    arriba = np.triu(np.ones((T, T)), k=1)
    return arriba * -np.inf


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(K.shape[1])
    if mascara is not None:
        E = E + mascara
    E = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = E / E.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
