# expect: normalizes_by_column, sample_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=0, keepdims=True)
    s = X.std(axis=0, ddof=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
