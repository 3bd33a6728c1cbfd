# kind: single
# misconception_es: divide entre la suma por filas sin keepdims: divide por columnas
# misconception_en: divides by the row sums without keepdims: divides along columns
# line: 18
# expect: new:softmax_sum_without_keepdims
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1)
    return pesos @ V, pesos
