import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    scores = Q @ K.T
    E = scores / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    shifted = E - E.max(axis=1, keepdims=True)
    Z = np.exp(shifted)
    pesos = Z / Z.sum(axis=1, keepdims=True)
    salida = pesos @ V
    return salida, pesos
