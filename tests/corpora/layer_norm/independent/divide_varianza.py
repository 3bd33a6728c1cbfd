# kind: single
# misconception_es: divide entre la varianza (más ε) en vez de entre su raíz
# misconception_en: divides by the variance (plus ε) instead of by its square root
# line: 12
# expect: divides_by_variance
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=1, keepdims=True)
    var = np.var(X, axis=1, keepdims=True)
    x_hat = (X - mu) / (var + eps)
    return gamma * x_hat + beta
