import numpy as np


def mascara_causal(T):
    # 1 = futuro (prohibido), 0 = permitido
    return np.triu(np.ones((T, T)), k=1)


def atencion(Q, K, V, mascara=None):
    dk = Q.shape[-1]
    S = (Q @ K.T) / np.sqrt(dk)
    if mascara is not None:
        S = S + mascara
    S = S - np.max(S, axis=1, keepdims=True)
    P = np.exp(S)
    P = P / np.sum(P, axis=1, keepdims=True)
    return P @ V, P
