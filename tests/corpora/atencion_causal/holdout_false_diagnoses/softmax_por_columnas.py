# kind: single
# misconception_es: Hace el softmax por columnas (axis=0) en lugar de por filas, así que son las columnas de pesos las que suman 1.
# misconception_en: Takes the softmax by columns (axis=0) instead of by rows, so it is the columns of the weights that sum to 1.
# line: 18, 20
# expect: softmax_over_columns

import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=0, keepdims=True)
    Z = np.exp(E)
    pesos = Z / Z.sum(axis=0, keepdims=True)
    return pesos @ V, pesos
