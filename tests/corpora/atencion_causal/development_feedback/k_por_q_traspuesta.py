# kind: single
# misconception_es: Calcula las puntuaciones como K Qᵀ en lugar de Q Kᵀ.
# misconception_en: Computes the scores as K Qᵀ instead of Q Kᵀ.
# line: 14
# step: scores
# expect: scores_transposed
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    punt = K @ Q.T
    punt = punt / np.sqrt(K.shape[1])
    if mascara is not None:
        punt = punt + mascara
    punt = punt - punt.max(axis=1, keepdims=True)
    w = np.exp(punt)
    w = w / w.sum(axis=1, keepdims=True)
    return w @ V, w
