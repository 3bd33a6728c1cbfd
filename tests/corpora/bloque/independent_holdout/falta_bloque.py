# kind: error
# misconception_es: sólo define layer_norm: falta la función bloque
# misconception_en: defines only layer_norm: bloque is missing
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta
