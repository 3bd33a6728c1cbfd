import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    sd = X.std(axis=1, keepdims=True)
    X -= mu
    X /= np.sqrt(sd ** 2 + eps)
    return gamma * X + beta
