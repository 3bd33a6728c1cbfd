# expect: missing_bias_b1
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    return layer_norm(H + np.maximum(H @ p["W1"], 0) @ p["W2"] + p["b2"], p["gamma2"], p["beta2"])
