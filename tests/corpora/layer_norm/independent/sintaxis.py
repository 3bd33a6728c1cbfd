# kind: error
# misconception_es: error de sintaxis (falta ':' en el def)
# misconception_en: syntax error (missing ':' after def)
# line: 9
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5)
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
