# kind: single
# misconception_es: Divide x entre sqrt(s_t^2 + eps) sin restarle la media mu_t en el numerador.
# misconception_en: Divides x by sqrt(s_t^2 + eps) without subtracting the mean mu_t in the numerator.
# line: 12
# expect: not_centered
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1)[:, None]
    sigma2 = ((X - mu) ** 2).mean(axis=1)[:, None]
    return gamma * X / np.sqrt(sigma2 + eps) + beta
