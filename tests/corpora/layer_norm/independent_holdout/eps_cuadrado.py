# kind: single
# misconception_es: usa ε² en vez de ε dentro de la raíz
# misconception_en: uses ε² instead of ε inside the root
# line: 12
# expect: new:eps_squared
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps**2) + beta
