# expect: unstable_softmax
import numpy as np


def mascara_causal(T):
    i, j = np.indices((T, T))
    return np.where(j > i, -np.inf, 0.0)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E)
    pesos = Z / np.sum(Z, axis=1, keepdims=True)
    return pesos @ V, pesos
