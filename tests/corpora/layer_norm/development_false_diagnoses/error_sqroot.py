# kind: error
# misconception_es: Llama a np.sqroot, una función que NumPy no tiene, y la función lanza AttributeError.
# misconception_en: Calls np.sqroot, a function NumPy does not have, so the function raises AttributeError.
# line: 11
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    sigma = np.sqroot(((X - mu) ** 2).mean(axis=1, keepdims=True) + eps)
    return gamma * (X - mu) / sigma + beta
