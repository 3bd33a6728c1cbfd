# kind: single
# misconception_es: escala con la raíz del número de filas de Q en vez de con d_k
# misconception_en: scales with the square root of Q's row count instead of d_k
# line: 15
# expect: scales_by_length
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    T, _ = Q.shape
    E = Q @ K.T / np.sqrt(T)
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
