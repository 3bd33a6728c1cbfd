import numpy as np

def mascara_causal(T):
    M = np.zeros((T, T))
    M[np.triu_indices(T, k=1)] = -np.inf
    return M

def atencion(Q, K, V, mascara=None):
    E = (Q @ K.T) / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=0, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
