# expect: no_sqrt_dk, softmax_over_columns
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=0, keepdims=True))
    pesos = Z / Z.sum(axis=0, keepdims=True)
    return pesos @ V, pesos
