# kind: single
# misconception_es: Calcula el softmax sin máscara y pone a cero después los pesos tachados, sin renormalizar, así que las filas ya no suman 1.
# misconception_en: Computes the softmax without the mask and zeroes the masked weights afterwards, without renormalising, so rows no longer sum to 1.
# line: 24
# expect: zeroes_weights_after_softmax

import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def softmax(E):
    E = E - E.max(axis=1, keepdims=True)
    Z = np.exp(E)
    return Z / Z.sum(axis=1, keepdims=True)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    pesos = softmax(E)
    if mascara is not None:
        pesos = np.where(np.isneginf(mascara), 0.0, pesos)
    return pesos @ V, pesos
