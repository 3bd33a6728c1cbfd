# kind: correct
# misconception_es: Correcto: la máscara sale de comparar np.arange(T) como fila y como columna, y el softmax es una función aparte.
# misconception_en: Correct: the mask comes from comparing np.arange(T) as a row and as a column, and the softmax is a function of its own.
# line: none
# expect: none
import numpy as np


def mascara_causal(T):
    i = np.arange(T)
    return np.where(i[None, :] > i[:, None], -np.inf, 0.0)


def _softmax(Z):
    Z = Z - Z.max(axis=1, keepdims=True)
    e = np.exp(Z)
    return e / e.sum(axis=1, keepdims=True)


def atencion(Q, K, V, mascara=None):
    E = (Q @ K.T) / np.sqrt(Q.shape[1])
    pesos = _softmax(E if mascara is None else E + mascara)
    return pesos @ V, pesos
