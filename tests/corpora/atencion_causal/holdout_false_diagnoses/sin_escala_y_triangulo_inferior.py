# kind: double
# misconception_es: No divide las puntuaciones por sqrt(d_k), y además la máscara pone los -inf debajo de la diagonal en lugar de encima.
# misconception_en: Does not divide the scores by sqrt(d_k), and the mask also puts the -inf below the diagonal instead of above it.
# line: 14, 20
# expect: no_sqrt_dk, wrong_triangle

import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T), dtype=np.float64)
    for i in range(T):
        for j in range(T):
            if j < i:
                M[i, j] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T  # puntuaciones
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    A = np.exp(E)
    A = A / A.sum(axis=1, keepdims=True)
    return A @ V, A
