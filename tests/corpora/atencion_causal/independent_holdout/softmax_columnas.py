# kind: single
# misconception_es: hace el softmax por columnas (eje 0) en vez de por filas
# misconception_en: takes the softmax over columns (axis 0) instead of rows
# line: 17, 18
# expect: softmax_over_columns
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=0, keepdims=True))
    pesos = Z / Z.sum(axis=0, keepdims=True)
    return pesos @ V, pesos
