# kind: single
# misconception_es: Intercambia los papeles de gamma y beta: multiplica por beta y suma gamma.
# misconception_en: Swaps the roles of gamma and beta: multiplies by beta and adds gamma.
# line: 14
# expect: gamma_beta_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mean = X.mean(axis=-1, keepdims=True)
    var = X.var(axis=-1, keepdims=True)
    normalized = (X - mean) / np.sqrt(var + eps)
    # scale and shift
    return beta * normalized + gamma
