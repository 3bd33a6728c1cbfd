# kind: single
# misconception_es: para la estabilidad resta el máximo de cada columna (eje 0) en vez del de cada fila
# misconception_en: for stability subtracts each column's max (axis 0) instead of each row's
# line: 17
# expect: new:max_over_columns
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=0))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
