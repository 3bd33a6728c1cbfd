# expect: min_max_scaling
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    lo = X.min(axis=1, keepdims=True)
    hi = X.max(axis=1, keepdims=True)
    return gamma * (X - lo) / (hi - lo + eps) + beta
