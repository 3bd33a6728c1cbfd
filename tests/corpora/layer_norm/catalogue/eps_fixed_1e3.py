# expect: eps_fixed
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    sd = np.sqrt(X.var(axis=1, keepdims=True) + 0.001)
    return gamma * ((X - mu) / sd) + beta
