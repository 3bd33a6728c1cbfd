# kind: nonsense
# misconception_es: ninguna nombrable: eleva el denominador a 0.51
# misconception_en: none nameable: raises the denominator to 0.51
# line: 12
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / (var + eps) ** 0.51 + beta
