import numpy as np


def softmax(x, axis=0):
    x = x - x.max(axis=axis, keepdims=True)
    ex = np.exp(x)
    return ex / ex.sum(axis=axis, keepdims=True)


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    punt = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        punt = punt + mascara
    pesos = softmax(punt)
    salida = pesos @ V
    return salida, pesos
