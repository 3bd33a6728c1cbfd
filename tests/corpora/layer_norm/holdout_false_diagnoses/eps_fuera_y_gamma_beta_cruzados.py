# kind: double
# misconception_es: Suma epsilon a la desviación fuera de la raíz (s_t + eps) y además intercambia gamma y beta (multiplica por beta y suma gamma).
# misconception_en: Adds epsilon to the deviation outside the root (s_t + eps) and also swaps gamma and beta (multiplies by beta, adds gamma).
# line: 14, 15
# expect: eps_outside_root, gamma_beta_swapped

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    Xf = X.astype(np.float64)
    mu = Xf.mean(axis=1, keepdims=True)
    sd = Xf.std(axis=1, keepdims=True)
    z = (Xf - mu) / (sd + eps)
    return z * beta + gamma
