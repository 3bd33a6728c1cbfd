# kind: single
# misconception_es: olvida sumar β
# misconception_en: forgets to add β
# line: 12
# expect: missing_beta
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    sd = X.std(axis=1, keepdims=True)
    return gamma * ((X - mu) / np.sqrt(sd * sd + eps))
