# expect: missing_second_residual
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = ((X - mu) ** 2).mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def ffn(H, p):
    return np.maximum(H @ p["W1"] + p["b1"], 0.0) @ p["W2"] + p["b2"]


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    return layer_norm(ffn(H, p), p["gamma2"], p["beta2"])
