# kind: single
# misconception_es: usa ε² dentro de la raíz
# misconception_en: uses ε² inside the root
# line: 10
# expect: new:eps_squared
import numpy as np


def _denominador(v, e):
    return np.sqrt(v + e * e)


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=-1, keepdims=True)
    var = np.mean(np.square(X - mu), axis=-1, keepdims=True)
    return gamma * ((X - mu) / _denominador(var, eps)) + beta
