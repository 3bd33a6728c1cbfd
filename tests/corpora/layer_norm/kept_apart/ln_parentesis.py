import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    Xn = X - mu / np.sqrt(var + eps)
    return gamma * Xn + beta
