# kind: single
# misconception_es: no resta la media en el numerador (divide X, no X − μ)
# misconception_en: does not subtract the mean in the numerator (divides X, not X − μ)
# line: 12
# expect: not_centered
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = ((X - mu) ** 2).mean(axis=1, keepdims=True)
    return gamma * X / np.sqrt(var + eps) + beta
