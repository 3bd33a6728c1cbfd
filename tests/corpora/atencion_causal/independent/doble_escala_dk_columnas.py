# kind: double
# misconception_es: divide entre d_k (sin raíz) y además hace el softmax por columnas
# misconception_en: divides by d_k (no root) and also takes the softmax over columns
# line: 14, 17, 18
# expect: divides_by_dk, softmax_over_columns
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / K.shape[1]
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=0, keepdims=True))
    pesos = Z / Z.sum(axis=0, keepdims=True)
    return pesos @ V, pesos
