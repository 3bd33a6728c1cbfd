# kind: single
# misconception_es: divide entre la suma de filas sin keepdims
# misconception_en: divides by the row sums without keepdims
# line: 18
# expect: new:softmax_sum_without_keepdims
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    E = E if mascara is None else E + mascara
    Z = np.exp(E - np.max(E, axis=1, keepdims=True))
    total = np.sum(Z, axis=1)
    pesos = Z / total
    return pesos @ V, pesos
