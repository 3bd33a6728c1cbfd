# kind: single
# misconception_es: el bucle de la máscara tacha desde j = i + 2
# misconception_en: the mask loop strikes out from j = i + 2
# line: 13
# expect: new:mask_offset
import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    for i in range(T):
        for j in range(i + 2, T):
            M[i, j] = float("-inf")
    return M


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
