# kind: single
# misconception_es: escala con la anchura de V (d_v) en vez de la de Q y K (d_k)
# misconception_en: scales with V's width (d_v) instead of Q's and K's (d_k)
# line: 14
# expect: scales_by_value_width
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = (Q @ K.T) / np.sqrt(V.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
