# expect: median_as_centre
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    med = np.median(X, axis=1, keepdims=True)
    return gamma * (X - med) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta
