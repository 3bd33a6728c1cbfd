# expect: not_centered, gamma_beta_ignored
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    var = np.var(X, axis=1, keepdims=True)
    return X / np.sqrt(var + eps)
