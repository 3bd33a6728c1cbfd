# expect: normalizes_by_column
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    media = np.mean(X, axis=0)
    desviacion = np.std(X, axis=0)
    return gamma * (X - media) / np.sqrt(desviacion**2 + eps) + beta
