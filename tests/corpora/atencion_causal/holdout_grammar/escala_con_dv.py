# kind: single
# misconception_es: Divide entre la raíz de la anchura de V (d_v) en lugar de la de Q y K (d_k).
# misconception_en: Divides by the square root of V's width (d_v) instead of Q and K's width (d_k).
# line: 15
# expect: scales_by_value_width
import math

import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    d = V.shape[1]
    E = Q @ K.T / math.sqrt(d)
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    pesos = np.exp(E)
    pesos = pesos / pesos.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
