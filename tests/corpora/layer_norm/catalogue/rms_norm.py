# expect: rms_norm
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    rms = np.sqrt(np.mean(X * X, axis=-1, keepdims=True) + eps)
    return gamma * (X / rms)
