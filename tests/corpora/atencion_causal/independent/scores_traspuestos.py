# kind: single
# misconception_es: calcula K·Qᵀ (puntuaciones traspuestas) en vez de Q·Kᵀ
# misconception_en: computes K·Qᵀ (transposed scores) instead of Q·Kᵀ
# line: 14
# expect: scores_transposed
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = K @ Q.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
