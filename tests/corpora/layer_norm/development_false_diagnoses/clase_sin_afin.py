# kind: single
# misconception_es: Normaliza bien cada fila pero devuelve x̂ sin aplicar γ ni β, que recibe y no usa.
# misconception_en: Normalises each row correctly but returns x̂ without applying γ or β, which it receives and never uses.
# line: 18, 22
# expect: gamma_beta_ignored
import numpy as np


class _Normalizer:
    def __init__(self, eps):
        self.eps = eps

    def stats(self, X):
        return X.mean(axis=1, keepdims=True), X.var(axis=1, keepdims=True)

    def __call__(self, X):
        mu, var = self.stats(X)
        return (X - mu) / np.sqrt(var + self.eps)


def layer_norm(X, gamma, beta, eps=1e-5):
    return _Normalizer(eps)(X)
