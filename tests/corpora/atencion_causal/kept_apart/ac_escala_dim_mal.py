import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), 1)

def atencion(Q, K, V, mascara=None):
    d_k = Q.shape[0]
    E = np.matmul(Q, K.T) / np.sqrt(d_k)
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    A = np.exp(E) / np.exp(E).sum(axis=1, keepdims=True)
    return np.matmul(A, V), A
