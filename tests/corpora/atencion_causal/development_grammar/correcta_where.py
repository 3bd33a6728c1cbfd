# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import numpy as np


def mascara_causal(T):
    i, j = np.indices((T, T))
    return np.where(j > i, -np.inf, 0.0)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
