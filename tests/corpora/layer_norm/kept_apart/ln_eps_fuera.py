import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mean = X.mean(axis=-1, keepdims=True)
    std = X.std(axis=-1, keepdims=True)
    x_norm = (X - mean) / (std + eps)   # eps para no dividir entre cero
    return gamma * x_norm + beta
