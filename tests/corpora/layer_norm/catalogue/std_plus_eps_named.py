# expect: eps_outside_root
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    centrado = X - X.mean(axis=-1, keepdims=True)
    desviacion = np.sqrt((centrado**2).mean(axis=-1, keepdims=True))
    return gamma * centrado / (desviacion + eps) + beta
