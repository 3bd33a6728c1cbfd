# kind: nonsense
# misconception_es: ninguna nombrable: raíz cúbica en el denominador
# misconception_en: none nameable: a cube root in the denominator
# line: 12
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.cbrt(var + eps) + beta
