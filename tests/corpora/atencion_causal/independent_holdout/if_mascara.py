# kind: single
# misconception_es: comprueba la máscara con 'if mascara:' (una matriz no tiene valor de verdad: ValueError)
# misconception_en: tests the mask with 'if mascara:' (an array has no truth value: ValueError)
# line: 15
# expect: new:mask_truth_value
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
