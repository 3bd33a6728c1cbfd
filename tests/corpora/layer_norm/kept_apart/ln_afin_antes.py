import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    # primero los parametros aprendidos, luego la normalizacion
    Z = gamma * X + beta
    mu = Z.mean(axis=1, keepdims=True)
    s = Z.std(axis=1, keepdims=True)
    return (Z - mu) / np.sqrt(s ** 2 + eps)
