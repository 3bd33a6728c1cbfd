# kind: double
# misconception_es: Pone la máscara traspuesta (-inf debajo de la diagonal) y además calcula el softmax sin restar el máximo de la fila.
# misconception_en: Builds the mask transposed (-inf below the diagonal) and also computes the softmax without subtracting the row maximum.
# line: 11, 19
# expect: wrong_triangle, unstable_softmax
import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    M[np.tril_indices(T, k=-1)] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E += mascara
    num = np.exp(E)
    pesos = num / num.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
