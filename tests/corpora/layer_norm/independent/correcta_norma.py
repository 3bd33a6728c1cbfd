# kind: correct
# misconception_es: ninguna (desviación como norma entre raíz de d)
# misconception_en: none (deviation as a norm over sqrt(d))
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[-1]
    centrado = X - X.sum(axis=1, keepdims=True) / d
    s = np.linalg.norm(centrado, axis=1, keepdims=True) / np.sqrt(d)
    return gamma * centrado / np.sqrt(s**2 + eps) + beta
