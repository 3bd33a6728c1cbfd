import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    S = Q @ K.T
    if mascara is not None:
        S = S + mascara
    S = S / np.sqrt(Q.shape[1])
    S = S - S.max(axis=1, keepdims=True)
    W = np.exp(S)
    W = W / W.sum(axis=1, keepdims=True)
    return W @ V, W
