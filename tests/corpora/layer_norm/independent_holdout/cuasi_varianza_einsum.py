# kind: single
# misconception_es: usa la cuasivarianza (divide entre d-1) en vez de la varianza poblacional
# misconception_en: uses the sample variance (divides by d-1) instead of the population variance
# line: 13
# expect: sample_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[1]
    mu = np.einsum("tj->t", X)[:, None] / d
    C = X - mu
    var = np.einsum("tj,tj->t", C, C)[:, None] / (d - 1)  # insesgada
    return gamma * C / np.sqrt(var + eps) + beta
