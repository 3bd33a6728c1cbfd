# kind: double
# misconception_es: Escala por la raíz de d_v (la anchura de V) en lugar de la de d_k, y además normaliza el softmax con la suma de toda la matriz en lugar de la de cada fila.
# misconception_en: Scales by the root of d_v (the width of V) instead of d_k, and also normalises the softmax with the sum of the whole matrix instead of each row's.
# line: 15, 21
# expect: scales_by_value_width, softmax_over_whole_matrix

import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    d = V.shape[1]
    e = Q @ K.T / np.sqrt(d)
    if mascara is not None:
        e = e + mascara
    e = e - e.max(axis=1, keepdims=True)
    z = np.exp(e)
    pesos = z / z.sum()
    return pesos @ V, pesos
