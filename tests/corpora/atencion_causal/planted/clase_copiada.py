# copy_of: tests/corpora/atencion_causal/solutions/class_based.py
# disguise: class and methods renamed, methods reordered
import numpy as np


def mascara_causal(T):
    return np.where(np.triu(np.ones((T, T), dtype=bool), k=1), -np.inf, 0.0)


class Cabeza:
    def __call__(self, Q, K, V):
        W = self.calcula(Q, K)
        return W @ V, W

    def __init__(self, m=None):
        self.m = m

    def calcula(self, Q, K):
        S = Q @ K.T / np.sqrt(Q.shape[1])
        if self.m is not None:
            S = S + self.m
        S = np.exp(S - S.max(axis=1, keepdims=True))
        return S / S.sum(axis=1, keepdims=True)


def atencion(Q, K, V, mascara=None):
    return Cabeza(mascara)(Q, K, V)
