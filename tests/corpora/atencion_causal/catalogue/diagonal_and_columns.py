# expect: diagonal_masked, softmax_over_columns
import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    M[np.triu_indices(T)] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=0))
    pesos = Z / Z.sum(axis=0)
    return pesos @ V, pesos
