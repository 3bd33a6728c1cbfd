import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    T, d_model = X.shape
    mu = X.sum(axis=1, keepdims=True) / d_model
    s = np.sqrt(((X - mu) ** 2).sum(axis=1, keepdims=True)) / d_model
    X_hat = (X - mu) / np.sqrt(s ** 2 + eps)
    return gamma * X_hat + beta
