# kind: single
# misconception_es: Trabaja en float32 (un cambio inofensivo) e intercambia γ y β: multiplica por β y suma γ.
# misconception_en: Works in float32 (a harmless change) and swaps γ and β: multiplies by β and adds γ.
# line: 14
# expect: gamma_beta_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    x = X.astype(np.float32)
    mu = x.mean(axis=1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=1, keepdims=True)
    xhat = (x - mu) / np.sqrt(var + np.float32(eps))
    return beta.astype(np.float32) * xhat + gamma.astype(np.float32)
