# kind: single
# misconception_es: normaliza los pesos con la suma de toda la matriz en vez de la de cada fila
# misconception_en: normalises the weights by the whole matrix's sum instead of each row's
# line: 18
# expect: new:softmax_over_whole_matrix
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max())
    pesos = Z / Z.sum()
    return pesos @ V, pesos
