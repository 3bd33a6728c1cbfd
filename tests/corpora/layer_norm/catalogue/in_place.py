# expect: modifies_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    X -= X.mean(axis=1, keepdims=True)
    X /= np.sqrt(X.var(axis=1, keepdims=True) + eps)
    return X * gamma + beta
