# kind: single
# misconception_es: ignora el argumento eps y usa siempre 1e-5
# misconception_en: ignores the eps argument and always uses 1e-5
# line: 14
# expect: eps_fixed
import numpy as np

EPSILON = 1e-5


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + EPSILON) + beta
