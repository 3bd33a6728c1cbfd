# kind: nonsense
# misconception_es: suma ε a la media en lugar de a la varianza
# misconception_en: adds ε to the mean instead of the variance
# line: 10
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True) + eps
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var) + beta
