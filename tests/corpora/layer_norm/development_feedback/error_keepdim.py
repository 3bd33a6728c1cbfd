# kind: error
# misconception_es: Escribe keepdim en lugar de keepdims: la llamada lanza TypeError.
# misconception_en: Writes keepdim instead of keepdims: the call raises TypeError.
# line: 11
# step: mu
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdim=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta
