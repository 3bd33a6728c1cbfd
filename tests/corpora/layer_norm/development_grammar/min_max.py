# kind: single
# misconception_es: escala cada fila entre su mínimo y su máximo (min-max) en lugar de estandarizarla
# misconception_en: scales each row between its min and max (min-max) instead of standardising it
# line: 10, 12
# expect: new:min_max_scaling
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    lo = X.min(axis=1, keepdims=True)
    hi = X.max(axis=1, keepdims=True)
    return gamma * (X - lo) / (hi - lo + eps) + beta
