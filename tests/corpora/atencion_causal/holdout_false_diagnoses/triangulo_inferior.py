# kind: single
# misconception_es: Pone los -inf debajo de la diagonal en lugar de encima, de modo que cada fila tacha el pasado y mira el futuro.
# misconception_en: Puts the -inf below the diagonal instead of above it, so each row blocks the past and looks at the future.
# line: 12
# expect: wrong_triangle

import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    M[np.tril_indices(T, k=-1)] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    d_k = Q.shape[-1]
    E = Q @ K.T / np.sqrt(d_k)
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    w = np.exp(E)
    w = w / w.sum(axis=1, keepdims=True)
    return w @ V, w
