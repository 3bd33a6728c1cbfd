# kind: single
# misconception_es: el bucle de la máscara empieza en i+2: deja ver una posición del futuro
# misconception_en: the mask loop starts at i+2: one future position stays visible
# line: 12
# expect: new:mask_offset
import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    for i in range(T):
        M[i, i + 2:] = -np.inf  # lo que viene después
    return M


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
