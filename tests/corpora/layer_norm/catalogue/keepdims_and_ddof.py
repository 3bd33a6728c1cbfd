# expect: missing_keepdims, sample_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1)
    s = X.std(axis=1, ddof=1)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
