# expect: unstable_softmax
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def softmax(E):
    return np.exp(E) / np.exp(E).sum(axis=1, keepdims=True)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    pesos = softmax(E if mascara is None else E + mascara)
    return pesos @ V, pesos
