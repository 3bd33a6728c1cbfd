# kind: single
# misconception_es: Tacha también la diagonal (j >= i en lugar de j > i), así que una posición no puede mirarse a sí misma y la fila 0 se queda sin candidatos.
# misconception_en: Also masks the diagonal (j >= i instead of j > i), so a position cannot attend to itself and row 0 is left with no candidates.
# line: 13
# expect: diagonal_masked

import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    for i in range(T):
        for j in range(i, T):
            M[i, j] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    scores = np.dot(Q, K.T) / np.sqrt(K.shape[1])
    if mascara is not None:
        scores = scores + mascara
    scores = scores - np.max(scores, axis=1, keepdims=True)
    e = np.exp(scores)
    pesos = e / np.sum(e, axis=1, keepdims=True)
    salida = np.dot(pesos, V)
    return salida, pesos
