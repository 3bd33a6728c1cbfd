import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)

def atencion(Q, K, V, mascara=None):
    Q /= np.sqrt(Q.shape[1])
    E = Q @ K.T
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    pesos = np.exp(E)
    pesos = pesos / pesos.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
