# kind: single
# misconception_es: Calcula s_t^2 como la media de x^2 sin restar antes la media (un RMS), en lugar de la media de (x - mu_t)^2.
# misconception_en: Computes s_t^2 as the mean of x^2 without subtracting the mean first (an RMS), instead of the mean of (x - mu_t)^2.
# line: 13
# expect: second_moment_as_variance

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    T, d = X.shape
    mu = np.einsum("td->t", X)[:, None] / d
    s2 = np.einsum("td,td->t", X, X)[:, None] / d
    return gamma * (X - mu) / np.sqrt(s2 + eps) + beta
