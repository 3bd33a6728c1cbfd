# kind: single
# misconception_es: El bucle de la máscara empieza en j = i y tacha también la diagonal, así que la fila 0 se queda sin ninguna casilla viva.
# misconception_en: The mask loop starts at j = i and also blanks the diagonal, so row 0 is left with no live cell.
# line: 12
# expect: diagonal_masked
import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    for i in range(T):
        for j in range(i, T):
            M[i, j] = -np.inf
    return M


def softmax_filas(E):
    E = E - np.max(E, axis=1, keepdims=True)
    e = np.exp(E)
    return e / np.sum(e, axis=1, keepdims=True)


def atencion(Q, K, V, mascara=None):
    puntuaciones = np.dot(Q, K.T) / np.sqrt(K.shape[1])
    if mascara is not None:
        puntuaciones = puntuaciones + mascara
    pesos = softmax_filas(puntuaciones)
    return np.dot(pesos, V), pesos
