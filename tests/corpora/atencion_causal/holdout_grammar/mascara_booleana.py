# kind: single
# misconception_es: Devuelve la máscara como booleanos (True en el futuro) en lugar de 0 y -inf, y en la atención la usa para elegir casillas en lugar de sumarla.
# misconception_en: Returns the mask as booleans (True in the future) instead of 0 and -inf, and in attention uses it to select cells instead of adding it.
# line: 10, 16
# expect: boolean_mask, mask_used_as_condition
import numpy as np


def mascara_causal(T):
    return np.triu(np.ones((T, T), dtype=bool), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(K.shape[1])
    if mascara is not None:
        E = np.where(mascara, -np.inf, E)
    E = E - E.max(axis=1, keepdims=True)
    pesos = np.exp(E)
    pesos = pesos / pesos.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
