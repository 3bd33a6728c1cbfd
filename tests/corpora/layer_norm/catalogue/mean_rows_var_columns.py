# expect: statistics_on_different_axes
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=0, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta
