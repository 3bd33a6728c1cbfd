import numpy as np


class Atencion:
    def __init__(self, mascara=None):
        self.mascara = mascara

    def pesos(self, Q, K):
        E = Q @ K.T / np.sqrt(Q.shape[1])
        if self.mascara is not None:
            E = E + self.mascara
        E = np.exp(E - E.max(axis=1, keepdims=True))
        return E / E.sum(axis=1, keepdims=True)

    def __call__(self, Q, K, V):
        A = self.pesos(Q, K)
        return A @ V, A


def mascara_causal(T):
    return np.where(np.triu(np.ones((T, T), dtype=bool), k=1), -np.inf, 0.0)


def atencion(Q, K, V, mascara=None):
    return Atencion(mascara)(Q, K, V)
