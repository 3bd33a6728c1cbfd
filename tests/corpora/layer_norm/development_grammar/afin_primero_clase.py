# kind: single
# misconception_es: aplica γ y β antes de normalizar
# misconception_en: applies γ and β before normalising
# line: 14
# expect: new:affine_before_normalising
import numpy as np


class LayerNorm:
    def __init__(self, gamma, beta, eps):
        self.gamma, self.beta, self.eps = gamma, beta, eps

    def __call__(self, X):
        Y = X * self.gamma + self.beta
        mu = Y.mean(axis=1, keepdims=True)
        return (Y - mu) / np.sqrt(Y.var(axis=1, keepdims=True) + self.eps)


def layer_norm(X, gamma, beta, eps=1e-5):
    return LayerNorm(gamma, beta, eps)(X)
