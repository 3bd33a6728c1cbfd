# expect: pre_norm, missing_bias_b1
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    H = X + atencion(layer_norm(X, p["gamma1"], p["beta1"]))
    N = layer_norm(H, p["gamma2"], p["beta2"])
    return H + np.maximum(0, N @ p["W1"]) @ p["W2"] + p["b2"]
