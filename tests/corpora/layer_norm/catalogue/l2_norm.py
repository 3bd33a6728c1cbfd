# expect: eps_ignored, variance_sum_not_mean
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.linalg.norm(X - mu, axis=1, keepdims=True) + beta
