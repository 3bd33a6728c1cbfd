# kind: single
# misconception_es: Sin paréntesis: gamma * X - mu / sqrt(var + eps) + beta, sólo la media se divide.
# misconception_en: No brackets: gamma * X - mu / sqrt(var + eps) + beta, only the mean is divided.
# line: 13
# step: return
# expect: precedence
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=-1, keepdims=True)
    var = np.var(X, axis=-1, keepdims=True)
    return gamma * X - mu / np.sqrt(var + eps) + beta
