# expect: mask_of_zeros, no_sqrt_dk
import numpy as np


def mascara_causal(T):
    return np.zeros((T, T), dtype=float)


def atencion(Q, K, V, mascara=None):
    E = np.dot(Q, K.T)
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
