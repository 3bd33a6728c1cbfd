# kind: nonsense
# misconception_es: Toma cosenos de Q, los multiplica por la traza de K y resta V elevado al cuadrado; la máscara es un arange; nada de puntuaciones ni softmax.
# misconception_en: Takes cosines of Q, multiplies them by the trace of K and subtracts V squared; the mask is an arange; no scores and no softmax.
# line: 11, 15, 16
# expect: none

import numpy as np


def mascara_causal(T):
    return np.arange(T * T, dtype=float).reshape(T, T) - T


def atencion(Q, K, V, mascara=None):
    pesos = np.cos(Q).sum(axis=1, keepdims=True) * np.trace(K @ K.T) + np.zeros((Q.shape[0], K.shape[0]))
    salida = pesos @ (V ** 2) - V.sum()
    return salida, pesos
