# kind: single
# misconception_es: Divide las puntuaciones entre la raíz de K.shape[0], el número de posiciones, en lugar de la de d_k.
# misconception_en: Divides the scores by the square root of K.shape[0], the number of positions, instead of by that of d_k.
# line: 15
# expect: scales_by_length
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    n, _ = K.shape
    E = Q @ K.T / n**0.5
    if mascara is not None:
        E = E + mascara
    P = np.exp(E - E.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
