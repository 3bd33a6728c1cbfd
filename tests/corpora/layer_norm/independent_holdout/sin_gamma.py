# kind: single
# misconception_es: olvida multiplicar por γ
# misconception_en: forgets to multiply by γ
# line: 13
# expect: missing_gamma
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    normalizada = (X - mu) / np.sqrt(s**2 + eps)
    return normalizada + beta
