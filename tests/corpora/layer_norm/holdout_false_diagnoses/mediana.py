# kind: single
# misconception_es: Centra cada fila con su mediana en lugar de con su media mu_t.
# misconception_en: Centres each row with its median instead of its mean mu_t.
# line: 17
# expect: median_as_centre

import numpy as np


class LayerNorm:
    def __init__(self, gamma, beta, eps=1e-5):
        self.gamma = gamma
        self.beta = beta
        self.eps = eps

    def __call__(self, X):
        centro = np.median(X, axis=1, keepdims=True)
        s = X.std(axis=1, keepdims=True)
        return self.gamma * (X - centro) / np.sqrt(s ** 2 + self.eps) + self.beta


def layer_norm(X, gamma, beta, eps=1e-5):
    return LayerNorm(gamma, beta, eps)(X)
