# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import numpy as np


class LayerNorm:
    """Normaliza cada fila con su propia media y desviación."""

    def __init__(self, gamma, beta, eps):
        self.gamma, self.beta, self.eps = gamma, beta, eps

    def __call__(self, X):
        mu = X.mean(axis=1, keepdims=True)
        var = X.var(axis=1, keepdims=True)
        return self.gamma * (X - mu) / np.sqrt(var + self.eps) + self.beta


def layer_norm(X, gamma, beta, eps=1e-5):
    return LayerNorm(gamma, beta, eps)(X)
