# kind: error
# misconception_es: la función se llama distinto (layernorm)
# misconception_en: the function is misnamed (layernorm)
# line: 9
# expect: none
import numpy as np


def layernorm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
