# expect: modifies_input
import numpy as np


def mascara_causal(T):
    i, j = np.indices((T, T))
    return np.where(j > i, -np.inf, 0.0)


def atencion(Q, K, V, mascara=None):
    Q *= 1 / np.sqrt(Q.shape[1])
    E = Q @ K.T
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
