# kind: single
# misconception_es: anula los pesos tachados tras el softmax y renormaliza: la máscara sólo decide qué se tacha
# misconception_en: zeroes the struck-out weights after the softmax and renormalises: the mask only decides what is struck out
# line: 17
# expect: new:mask_used_as_condition
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    P = np.exp(E - E.max(axis=1, keepdims=True))
    if mascara is not None:
        P = P * (mascara == 0)
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
