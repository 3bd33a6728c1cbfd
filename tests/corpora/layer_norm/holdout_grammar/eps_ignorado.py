# kind: single
# misconception_es: Usa un épsilon fijo de 1e-5 e ignora el valor que llega en el argumento eps.
# misconception_en: Uses a fixed epsilon of 1e-5 and ignores the value passed in the eps argument.
# line: 14
# expect: eps_fixed
import numpy as np

EPS = 1e-5


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + EPS) + beta
