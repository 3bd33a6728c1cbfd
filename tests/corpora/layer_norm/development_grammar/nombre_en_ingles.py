# kind: error
# misconception_es: la función se llama layernorm
# misconception_en: the function is called layernorm
# line: none
# expect: none
import numpy as np


def layernorm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta
