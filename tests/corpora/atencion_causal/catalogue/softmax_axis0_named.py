# expect: softmax_over_columns
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def softmax(E):
    Z = np.exp(E - np.max(E, axis=0, keepdims=True))
    return Z / np.sum(Z, axis=0, keepdims=True)


def atencion(Q, K, V, mascara=None):
    d_k = K.shape[-1]
    E = (Q @ K.T) / d_k**0.5
    if mascara is not None:
        E += mascara
    pesos = softmax(E)
    return pesos @ V, pesos
