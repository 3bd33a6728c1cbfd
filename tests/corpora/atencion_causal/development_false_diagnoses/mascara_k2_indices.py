# kind: single
# misconception_es: Tapa con np.triu_indices(T, 2) y deja visible la posición siguiente: la máscara empieza una diagonal tarde.
# misconception_en: Blanks with np.triu_indices(T, 2) and leaves the next position visible: the mask starts one diagonal late.
# line: 11
# expect: mask_offset
import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    M[np.triu_indices(T, 2)] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    P = np.exp(E - E.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
