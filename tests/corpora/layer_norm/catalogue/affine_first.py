# expect: affine_before_normalising
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    scaled = X * gamma + beta
    return (scaled - scaled.mean(axis=1, keepdims=True)) / np.sqrt(scaled.var(axis=1, keepdims=True) + eps)
