# expect: normalizes_whole_matrix
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X)
    var = np.var(X)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta
