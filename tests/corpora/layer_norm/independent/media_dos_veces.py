# kind: single
# misconception_es: resta la media dos veces (centra lo ya centrado restando μ otra vez)
# misconception_en: subtracts the mean twice (subtracts μ again from the centred row)
# line: 13
# expect: new:mean_subtracted_twice
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    centrada = X - mu
    var = (centrada ** 2).mean(axis=1, keepdims=True)
    norm = (centrada - mu) / np.sqrt(var + eps)  # centrada menos la media
    return gamma * norm + beta
