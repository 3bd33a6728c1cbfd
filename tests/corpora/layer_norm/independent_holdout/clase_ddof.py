# kind: single
# misconception_es: cuasivarianza (ddof=1) escondida en una clase
# misconception_en: sample variance (ddof=1) inside a class
# line: 15
# expect: sample_deviation
import numpy as np


class Normalizador:
    def __init__(self, eps):
        self.eps = eps

    def __call__(self, X):
        mu = X.mean(axis=1, keepdims=True)
        s = X.std(axis=1, ddof=1, keepdims=True)
        return (X - mu) / np.sqrt(s**2 + self.eps)


def layer_norm(X, gamma, beta, eps=1e-5):
    return gamma * Normalizador(eps)(X) + beta
