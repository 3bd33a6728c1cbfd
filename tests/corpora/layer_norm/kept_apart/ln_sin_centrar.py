import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = np.sqrt(((X - mu) ** 2).mean(axis=1, keepdims=True))
    x_hat = X / np.sqrt(s ** 2 + eps)
    return gamma * x_hat + beta
