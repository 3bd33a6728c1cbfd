# expect: missing_second_sublayer
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    return layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
