# expect: unstable_variance
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    m1 = X.mean(axis=1, keepdims=True)
    m2 = (X * X).mean(axis=1, keepdims=True)
    return gamma * (X - m1) / np.sqrt(m2 - m1 * m1 + eps) + beta
