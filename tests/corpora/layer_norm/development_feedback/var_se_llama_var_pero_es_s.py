# kind: single
# misconception_es: Guarda la desviación en una variable llamada var y la mete en la raíz: √(s_t + ε).
# misconception_en: Keeps the deviation in a variable called var and puts it in the root: √(s_t + ε).
# line: 13
# step: root
# expect: root_of_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.std(axis=1, keepdims=True)
    denom = np.sqrt(var + eps)
    return gamma * (X - mu) / denom + beta
