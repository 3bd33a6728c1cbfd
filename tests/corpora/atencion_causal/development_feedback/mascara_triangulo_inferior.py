# kind: single
# misconception_es: Pone −∞ bajo la diagonal (el pasado) en lugar de encima.
# misconception_en: Puts −∞ below the diagonal (the past) instead of above it.
# line: 12
# step: return
# expect: wrong_triangle
import numpy as np


def mascara_causal(T):
    i, j = np.indices((T, T))
    return np.where(j < i, -np.inf, 0.0)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    P = np.exp(E)
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
