# kind: single
# misconception_es: usa la media de los cuadrados E[x²] como varianza, sin restar μ²
# misconception_en: uses the mean of the squares E[x²] as the variance, without subtracting μ²
# line: 11
# expect: new:second_moment_as_variance
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    ex2 = (X * X).mean(axis=1, keepdims=True)  # E[x^2]
    return gamma * (X - mu) / np.sqrt(ex2 + eps) + beta
