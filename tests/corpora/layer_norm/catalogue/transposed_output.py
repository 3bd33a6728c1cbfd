# expect: transposed_output
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    Xt = X.T
    mu = Xt.mean(axis=0)
    var = Xt.var(axis=0)
    return (gamma[:, None] * (Xt - mu) / np.sqrt(var + eps) + beta[:, None])
