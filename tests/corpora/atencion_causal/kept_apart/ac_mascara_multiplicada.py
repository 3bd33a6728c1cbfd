import numpy as np

def mascara_causal(T):
    M = np.zeros((T, T))
    M[np.triu_indices(T, 1)] = -np.inf
    return M

def atencion(Q, K, V, mascara=None):
    punt = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        punt = punt * mascara
    punt = punt - punt.max(axis=1, keepdims=True)
    pesos = np.exp(punt)
    pesos = pesos / pesos.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
