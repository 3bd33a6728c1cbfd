# kind: single
# misconception_es: Divide la fila centrada por la varianza más epsilon, sin la raíz cuadrada, en lugar de por sqrt(s_t^2 + eps).
# misconception_en: Divides the centred row by the variance plus epsilon, without the square root, instead of by sqrt(s_t^2 + eps).
# line: 15
# expect: divides_by_variance

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    Y = X.copy()
    mu = Y.mean(axis=1)[:, None]
    Y -= mu
    var = (Y ** 2).mean(axis=1)[:, None]
    Y /= (var + eps)
    Y *= gamma
    Y += beta
    return Y
