import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    for i in range(T):
        M[i, i + 1 :] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    Q = Q.copy()
    Q /= np.sqrt(Q.shape[1])
    E = Q.dot(K.T)
    if mascara is not None:
        E += mascara
    E -= E.max(axis=1, keepdims=True)
    np.exp(E, out=E)
    E /= E.sum(axis=1, keepdims=True)
    return [E @ V, E]
