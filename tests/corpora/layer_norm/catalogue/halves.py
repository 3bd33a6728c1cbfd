# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    return X * 0.5
