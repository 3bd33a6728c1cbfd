# expect: gamma_beta_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.einsum("td->t", X)[:, None] / X.shape[1]
    var = np.einsum("td,td->t", X - mu, X - mu)[:, None] / X.shape[1]
    return beta * (X - mu) / np.sqrt(var + eps) + gamma
