# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import numpy as np


def _fila(x, eps):
    c = x - x.mean()
    return c / np.sqrt(np.mean(c**2) + eps)


def layer_norm(X, gamma, beta, eps=1e-5):
    return gamma * np.apply_along_axis(_fila, 1, X, eps) + beta
