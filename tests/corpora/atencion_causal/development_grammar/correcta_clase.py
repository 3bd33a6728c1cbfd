# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


class Attention:
    def __init__(self, mask):
        self.mask = mask

    def weights(self, Q, K):
        s = Q @ K.T / np.sqrt(Q.shape[1])
        if self.mask is not None:
            s = s + self.mask
        s = s - s.max(axis=1, keepdims=True)
        e = np.exp(s)
        return e / e.sum(axis=1, keepdims=True)


def atencion(Q, K, V, mascara=None):
    w = Attention(mascara).weights(Q, K)
    return w @ V, w
