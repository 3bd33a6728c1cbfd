# kind: single
# misconception_es: Devuelve la tupla al revés, (pesos, salida), en lugar de (salida, pesos).
# misconception_en: Returns the tuple the wrong way round, (weights, output), instead of (output, weights).
# line: 22
# expect: swapped_outputs

import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = (Q @ K.T) / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    pesos = np.exp(E)
    pesos /= pesos.sum(axis=1, keepdims=True)
    salida = pesos @ V
    return pesos, salida
