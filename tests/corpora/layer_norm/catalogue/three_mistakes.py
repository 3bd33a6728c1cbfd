# expect: sample_deviation, eps_fixed, missing_beta
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, ddof=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + 1e-5)
