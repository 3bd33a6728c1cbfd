# kind: single
# misconception_es: Suma beta antes de escalar, gamma * (x_hat + beta), de modo que beta también queda multiplicado por gamma.
# misconception_en: Adds beta before scaling, gamma * (x_hat + beta), so beta also gets multiplied by gamma.
# line: 17
# expect: beta_added_before_gamma

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    """LayerNorm por filas."""
    d_model = X.shape[1]
    mu = X.sum(axis=1, keepdims=True) / d_model
    diff = X - mu
    sigma2 = (diff * diff).sum(axis=1, keepdims=True) / d_model
    x_gorro = diff / np.sqrt(sigma2 + eps)
    return gamma * (x_gorro + beta)
