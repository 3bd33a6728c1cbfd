# kind: single
# misconception_es: Intercambia los papeles de gamma y beta: multiplica por beta y suma gamma.
# misconception_en: Swaps the roles of gamma and beta: multiplies by beta and adds gamma.
# line: 15
# expect: gamma_beta_swapped

import numpy as np

media = lambda M: M.mean(axis=1, keepdims=True)
varianza = lambda M: ((M - media(M)) ** 2).mean(axis=1, keepdims=True)


def layer_norm(X, gamma, beta, eps=1e-5):
    xh = (X - media(X)) / np.sqrt(varianza(X) + eps)
    return beta * xh + gamma
