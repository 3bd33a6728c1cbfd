import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[1]
    mu = np.sum(X, axis=1, keepdims=True) / d
    s = np.sqrt(np.sum(X ** 2, axis=1, keepdims=True) / d)
    return gamma * ((X - mu) / np.sqrt(s ** 2 + eps)) + beta
