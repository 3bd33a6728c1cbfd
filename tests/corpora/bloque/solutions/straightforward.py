import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def relu(Z):
    return np.maximum(Z, 0)


def ffn(H, p):
    return relu(H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    return layer_norm(H + ffn(H, p), p["gamma2"], p["beta2"])
