# expect: modifies_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    X -= X.mean(axis=1, keepdims=True)
    X /= np.sqrt((X**2).mean(axis=1, keepdims=True) + eps)
    X *= gamma
    X += beta
    return X
