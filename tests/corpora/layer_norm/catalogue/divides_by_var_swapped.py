# expect: divides_by_variance, gamma_beta_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return beta * (X - mu) / (X.var(axis=1, keepdims=True) + eps) + gamma
