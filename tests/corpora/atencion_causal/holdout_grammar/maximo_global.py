# kind: single
# misconception_es: Para estabilizar el softmax resta el máximo de toda la matriz en lugar del de cada fila, y las filas con puntuaciones mucho menores se quedan en 0/0.
# misconception_en: To stabilise the softmax subtracts the maximum of the whole matrix instead of each row's, so rows with much smaller scores end up as 0/0.
# line: 16
# expect: new:max_over_whole_matrix
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    E = E - np.max(E)  # estabilidad
    pesos = np.exp(E)
    pesos = pesos / pesos.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
