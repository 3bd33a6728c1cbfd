import math

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    T, d = X.shape
    out = np.empty((T, d), dtype=float)
    for t in range(T):
        mu = 0.0
        for j in range(d):
            mu += X[t, j]
        mu /= d
        var = 0.0
        for j in range(d):
            var += (X[t, j] - mu) ** 2
        var /= d
        for j in range(d):
            out[t, j] = gamma[j] * (X[t, j] - mu) / math.sqrt(var + eps) + beta[j]
    return out
