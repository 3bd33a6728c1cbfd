# kind: single
# misconception_es: Divide las puntuaciones por la raíz del ancho de V, d_v, en lugar de d_k.
# misconception_en: Divides the scores by the root of V's width, d_v, instead of d_k.
# line: 14, 15
# step: E
# expect: scales_by_value_width
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    d = V.shape[-1]
    E = (Q @ K.T) / np.sqrt(d)
    E = E if mascara is None else E + mascara
    E = E - E.max(axis=1, keepdims=True)
    w = np.exp(E)
    w /= w.sum(axis=1, keepdims=True)
    return w @ V, w
