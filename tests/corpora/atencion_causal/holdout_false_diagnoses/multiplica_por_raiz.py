# kind: single
# misconception_es: Multiplica las puntuaciones por sqrt(d_k) en lugar de dividirlas.
# misconception_en: Multiplies the scores by sqrt(d_k) instead of dividing by it.
# line: 18
# expect: multiplies_by_sqrt_dk

import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    M[np.triu_indices(T, k=1)] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    dk = K.shape[-1]
    scores = (Q @ K.T) * np.sqrt(dk)
    if mascara is not None:
        scores = scores + mascara
    m = scores.max(axis=1, keepdims=True)
    w = np.exp(scores - m)
    w = w / w.sum(axis=1, keepdims=True)
    return w @ V, w
