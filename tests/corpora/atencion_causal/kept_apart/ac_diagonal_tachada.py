import numpy as np

def mascara_causal(T):
    M = np.zeros((T, T))
    M[np.triu_indices(T)] = -np.inf
    return M

def atencion(Q, K, V, mascara=None):
    scores = Q @ K.T / np.sqrt(K.shape[1])
    if mascara is not None:
        scores = scores + mascara
    scores = scores - scores.max(axis=1, keepdims=True)
    w = np.exp(scores)
    w = w / w.sum(axis=1, keepdims=True)
    return w @ V, w
