# kind: single
# misconception_es: Su máscara tacha también la diagonal: pone −∞ cuando j ≥ i.
# misconception_en: Its mask strikes out the diagonal too: it puts −∞ when j ≥ i.
# line: 14
# step: return
# expect: diagonal_masked
import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    for i in range(T):
        for j in range(T):
            if j >= i:
                M[i, j] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    P = np.exp(E)
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
