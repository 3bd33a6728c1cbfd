# expect: sample_deviation, eps_outside_root
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, ddof=1, keepdims=True)
    return gamma * (X - mu) / (s + eps) + beta
