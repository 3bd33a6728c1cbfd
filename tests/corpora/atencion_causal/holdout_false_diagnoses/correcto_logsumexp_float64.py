# kind: correct
# misconception_es: Ninguna: softmax estable con log-sum-exp, einsum y operaciones in situ sobre arrays nuevos.
# misconception_en: None: stable softmax via log-sum-exp, einsum and in-place operations on fresh arrays.
# line: none
# expect: none

import numpy as np


def mascara_causal(T):
    fil, col = np.indices((T, T))
    M = np.zeros((T, T))
    M[col > fil] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    Q = np.asarray(Q, dtype=np.float64)
    K = np.asarray(K, dtype=np.float64)
    scores = np.einsum("ik,jk->ij", Q, K)  # array nuevo
    scores /= np.sqrt(Q.shape[1])
    if mascara is not None:
        scores += mascara
    m = scores.max(axis=1, keepdims=True)
    lse = m + np.log(np.exp(scores - m).sum(axis=1, keepdims=True))
    pesos = np.exp(scores - lse)
    return np.einsum("ij,jv->iv", pesos, V), pesos
