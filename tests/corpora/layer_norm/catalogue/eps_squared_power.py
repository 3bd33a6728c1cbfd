# expect: eps_squared
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = ((X - mu) ** 2).mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + np.power(eps, 2)) + beta
