import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    centred = X - mu
    var = X.var(axis=1, keepdims=True)
    s = np.sqrt(var)
    root = np.sqrt(s**2 + eps)
    x_hat = centred / root
    scaled = gamma * x_hat
    return scaled + beta
