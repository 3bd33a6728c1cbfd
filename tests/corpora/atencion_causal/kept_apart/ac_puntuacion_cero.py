import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    d_k = Q.shape[1]
    scores = Q @ K.T / np.sqrt(d_k)
    if mascara is not None:
        scores = np.where(mascara == -np.inf, 0.0, scores)
    scores = scores - scores.max(axis=1, keepdims=True)
    w = np.exp(scores)
    w = w / w.sum(axis=1, keepdims=True)
    return w @ V, w
