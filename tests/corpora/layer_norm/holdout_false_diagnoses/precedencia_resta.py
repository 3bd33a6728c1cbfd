# kind: single
# misconception_es: Por la precedencia de operadores sólo divide la media, X - mu_t / sqrt(s_t^2 + eps), en lugar de dividir la fila centrada.
# misconception_en: Because of operator precedence only the mean gets divided, X - mu_t / sqrt(s_t^2 + eps), instead of the centred row.
# line: 13
# expect: new:precedence

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(1, keepdims=True)
    var = X.var(1, keepdims=True)
    return gamma * (X - mu / np.sqrt(var + eps)) + beta
