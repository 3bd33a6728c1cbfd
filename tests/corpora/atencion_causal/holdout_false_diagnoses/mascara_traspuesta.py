# kind: single
# misconception_es: Suma la máscara traspuesta a las puntuaciones, con lo que cada fila tacha el pasado en lugar del futuro.
# misconception_en: Adds the transposed mask to the scores, so each row blocks the past instead of the future.
# line: 21
# expect: mask_transposed

import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


class Atencion:
    def __init__(self, mascara=None):
        self.mascara = mascara

    def __call__(self, Q, K, V):
        E = Q @ K.T / np.sqrt(Q.shape[1])
        if self.mascara is not None:
            E = E + self.mascara.T  # (claves, consultas)
        E = E - E.max(axis=1, keepdims=True)
        A = np.exp(E)
        A = A / A.sum(axis=1, keepdims=True)
        return A @ V, A


def atencion(Q, K, V, mascara=None):
    return Atencion(mascara)(Q, K, V)
