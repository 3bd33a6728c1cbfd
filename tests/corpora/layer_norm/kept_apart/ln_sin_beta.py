import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    media = X.mean(axis=1, keepdims=True)
    desv = X.std(axis=1, keepdims=True)
    x_gorro = (X - media) / np.sqrt(desv ** 2 + eps)
    return gamma * x_gorro
