# kind: error
# misconception_es: usa axis=2 en una matriz de dos ejes (lanza AxisError)
# misconception_en: uses axis=2 on a two-axis array (raises AxisError)
# line: 10
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=2, keepdims=True)
    s = X.std(axis=2, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
