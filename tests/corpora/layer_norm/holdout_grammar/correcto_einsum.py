# kind: correct
# misconception_es: Correcto: calcula la media y la varianza de cada fila con einsum y aplica gamma con einsum.
# misconception_en: Correct: computes each row's mean and variance with einsum and applies gamma with einsum.
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    X = np.asarray(X, dtype=float)
    d = X.shape[-1]
    uno = np.ones(d) / d
    mu = np.einsum("tj,j->t", X, uno)[:, np.newaxis]
    c = X - mu
    var = np.einsum("tj,tj->t", c, c)[:, np.newaxis] / d
    return np.einsum("j,tj->tj", gamma, c / np.sqrt(var + eps)) + beta
