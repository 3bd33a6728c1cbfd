# kind: correct
# misconception_es: ninguna (softmax por log-sum-exp)
# misconception_en: none (softmax through log-sum-exp)
# line: none
# expect: none
import numpy as np


def mascara_causal(T):
    M = np.full((T, T), -np.inf)
    M[np.tril_indices(T)] = 0.0
    return M


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T * (1.0 / np.sqrt(K.shape[-1]))
    if mascara is not None:
        E = E + mascara
    m = E.max(axis=1, keepdims=True)
    lse = m + np.log(np.exp(E - m).sum(axis=1, keepdims=True))
    pesos = np.exp(E - lse)
    return pesos @ V, pesos
