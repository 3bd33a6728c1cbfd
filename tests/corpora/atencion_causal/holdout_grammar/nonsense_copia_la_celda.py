# kind: nonsense
# misconception_es: Copia la celda de la lección con la rejilla E de 4x4 escrita a mano e ignora los argumentos que recibe.
# misconception_en: Copies the lesson's cell with the hand-written 4x4 grid E and ignores the arguments it receives.
# line: 16, 20
# expect: none
import numpy as np

E = np.array([[2.0, 1.0, 0.5, 3.0],
              [0.0, 2.0, 1.0, 1.0],
              [1.0, 0.0, 2.0, 0.5],
              [0.5, 1.0, 0.0, 2.0]])
M = np.triu(np.full((4, 4), -np.inf), k=1)


def mascara_causal(T):
    return M


def atencion(Q, K, V, mascara=None):
    Z = np.exp(E + M - (E + M).max(axis=1, keepdims=True))
    A = Z / Z.sum(axis=1, keepdims=True)
    return A @ V, A
