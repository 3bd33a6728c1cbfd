# expect: unstable_softmax, swapped_outputs
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E)
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos, pesos @ V
