# kind: single
# misconception_es: divide por el rango (máx − mín) de la fila en vez de por su desviación
# misconception_en: divides by the row's range (max − min) instead of its deviation
# line: 11
# expect: new:range_as_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    escala = X.max(axis=1, keepdims=True) - X.min(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(escala**2 + eps) + beta
