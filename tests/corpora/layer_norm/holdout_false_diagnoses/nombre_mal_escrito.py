# kind: error
# misconception_es: La función se llama layer_nrom por una errata, así que layer_norm no está definida.
# misconception_en: The function is named layer_nrom because of a typo, so layer_norm is not defined.
# line: 10
# expect: none

import numpy as np


def layer_nrom(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta
