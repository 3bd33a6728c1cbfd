# kind: single
# misconception_es: usa la desviación media absoluta en vez de la desviación típica
# misconception_en: uses the mean absolute deviation instead of the standard deviation
# line: 11
# expect: new:mean_absolute_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = np.abs(X - mu).mean(axis=1, keepdims=True)  # desviación
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
