# expect: sample_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=1)[:, None]
    sigma = np.std(X, axis=1, ddof=1)[:, None]
    return gamma * (X - mu) / np.sqrt(sigma**2 + eps) + beta
