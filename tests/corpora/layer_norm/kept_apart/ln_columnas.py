import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    # media y desviacion de cada coordenada
    mu = X.mean(axis=0, keepdims=True)
    s = X.std(axis=0, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
