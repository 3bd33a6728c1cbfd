# kind: single
# misconception_es: En el softmax divide las exponenciales por su máximo en lugar de por su suma, así que las filas no suman 1.
# misconception_en: In the softmax it divides the exponentials by their maximum instead of their sum, so rows do not sum to 1.
# line: 17
# expect: softmax_not_normalised

import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def _softmax_filas(S):
    S = S - S.max(axis=1, keepdims=True)
    ex = np.exp(S)
    return ex / ex.max(axis=1, keepdims=True)


def atencion(Q, K, V, mascara=None):
    S = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        S = S + mascara
    pesos = _softmax_filas(S)
    return pesos @ V, pesos
