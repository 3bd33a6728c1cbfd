# expect: wrong_triangle
import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    for i in range(T):
        for j in range(i):
            M[i, j] = -np.inf
    return M


def softmax(E):
    Z = np.exp(E - np.max(E, axis=-1, keepdims=True))
    return Z / np.sum(Z, axis=-1, keepdims=True)


def atencion(Q, K, V, mascara=None):
    d_k = K.shape[-1]
    E = (Q @ K.T) / d_k**0.5
    if mascara is not None:
        E += mascara
    pesos = softmax(E)
    return pesos @ V, pesos
