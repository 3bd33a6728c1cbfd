import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    media = np.mean(X, axis=1)
    varianza = np.var(X, axis=1)
    normalizado = (X - media) / np.sqrt(varianza + eps)
    return gamma * normalizado + beta
