import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=1, keepdims=True)
    var = np.var(X, axis=1, keepdims=True)
    x_hat = (X - mu) / (var + eps)
    y = gamma * x_hat + beta
    return y
