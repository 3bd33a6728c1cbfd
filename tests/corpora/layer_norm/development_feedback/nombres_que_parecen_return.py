# kind: single
# misconception_es: Suma ε a la desviación fuera de la raíz; sus variables se llaman returned y return_value.
# misconception_en: Adds ε to the deviation outside the root; its variables are called returned and return_value.
# line: 13
# step: x_hat
# expect: eps_outside_root
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return_value = X.std(axis=1, keepdims=True)
    returned = (X - mu) / (return_value + eps)
    return gamma * returned + beta
