import numpy as np

def mascara_causal(T):
    M = np.full((T, T), -np.inf)
    return np.triu(M, k=1)

def atencion(Q, K, V, mascara=None):
    d_k = K.shape[1]
    E = K @ Q.T / np.sqrt(d_k)
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    pesos = np.exp(E)
    pesos = pesos / pesos.sum(axis=1, keepdims=True)
    salida = pesos @ V
    return salida, pesos
