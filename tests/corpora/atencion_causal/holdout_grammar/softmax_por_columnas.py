# kind: single
# misconception_es: Calcula el softmax por columnas (axis=0) en lugar de por filas, así que son las columnas de pesos las que suman 1.
# misconception_en: Computes the softmax by columns (axis=0) instead of by rows, so the columns of the weights sum to 1.
# line: 12
# expect: softmax_over_columns
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def softmax(x, axis=0):
    x = x - x.max(axis=axis, keepdims=True)
    ex = np.exp(x)
    return ex / ex.sum(axis=axis, keepdims=True)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    pesos = softmax(E)
    return pesos @ V, pesos
