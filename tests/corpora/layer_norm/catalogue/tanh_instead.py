# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    return gamma * np.tanh(X - X.mean(axis=1, keepdims=True)) + beta
