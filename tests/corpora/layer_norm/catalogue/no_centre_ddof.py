# expect: not_centered, sample_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    s = np.std(X, axis=1, ddof=1, keepdims=True)
    return gamma * X / np.sqrt(s**2 + eps) + beta
