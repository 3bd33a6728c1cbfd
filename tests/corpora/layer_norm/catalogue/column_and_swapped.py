# expect: normalizes_by_column, gamma_beta_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=0)
    var = X.var(axis=0)
    return beta * (X - mu) / np.sqrt(var + eps) + gamma
