# expect: norm_inside_residual
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    H = X + layer_norm(atencion(X), p["gamma1"], p["beta1"])
    ffn = np.maximum(H @ p["W1"] + p["b1"], 0) @ p["W2"] + p["b2"]
    return H + layer_norm(ffn, p["gamma2"], p["beta2"])
