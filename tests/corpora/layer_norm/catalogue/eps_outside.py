# expect: eps_outside_root
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=-1, keepdims=True)
    sigma = np.sqrt(((X - mu) ** 2).mean(axis=-1, keepdims=True))
    return gamma * ((X - mu) / (sigma + eps)) + beta
