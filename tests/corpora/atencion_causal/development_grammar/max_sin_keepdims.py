# kind: single
# misconception_es: resta el máximo sin keepdims: resta el de la fila j a la columna j
# misconception_en: subtracts the max without keepdims: row j's max from column j
# line: 17
# expect: new:max_without_keepdims
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
