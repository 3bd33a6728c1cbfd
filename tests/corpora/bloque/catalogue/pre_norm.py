# expect: pre_norm
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    X = X + atencion(layer_norm(X, p["gamma1"], p["beta1"]))
    Z = layer_norm(X, p["gamma2"], p["beta2"])
    return X + np.maximum(0, Z @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
