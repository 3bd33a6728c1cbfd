# kind: single
# misconception_es: calcula media y desviación por fila sin keepdims: (T, d) − (T,) no encaja
# misconception_en: computes the row mean and deviation without keepdims: (T, d) − (T,) does not broadcast
# line: 12
# expect: missing_keepdims
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1)
    s = X.std(axis=1)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
