# kind: single
# misconception_es: Mete la desviación típica s_t sin elevar al cuadrado dentro de la raíz, sqrt(s_t + eps), en lugar de sqrt(s_t^2 + eps).
# misconception_en: Puts the standard deviation s_t, not squared, inside the root, sqrt(s_t + eps), instead of sqrt(s_t^2 + eps).
# line: 13
# expect: root_of_deviation

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu_t = np.mean(X, axis=-1, keepdims=True)
    s_t = np.std(X, axis=-1, keepdims=True)
    denom = np.sqrt(s_t + eps)
    return gamma * ((X - mu_t) / denom) + beta
