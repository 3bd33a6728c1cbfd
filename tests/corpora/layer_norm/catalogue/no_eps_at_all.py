# expect: eps_ignored
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / X.std(axis=1, keepdims=True) + beta
