# expect: root_of_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    std = X.var(axis=1, keepdims=True) ** 0.5
    return gamma * (X - mu) / (std + eps) ** 0.5 + beta
