# kind: error
# misconception_es: Multiplica Q @ K sin trasponer K: las formas no encajan.
# misconception_en: Multiplies Q @ K without transposing K: the shapes do not fit.
# line: 14
# step: E, scores
# expect: none
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = np.dot(Q, K) / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    P = np.exp(E)
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
