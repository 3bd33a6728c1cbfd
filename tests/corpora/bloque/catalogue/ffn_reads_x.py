# expect: ffn_on_block_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    a = atencion(X)
    H = layer_norm(X + a, p["gamma1"], p["beta1"])
    oculto = np.maximum(0, X @ p["W1"] + p["b1"])
    return layer_norm(H + oculto @ p["W2"] + p["b2"], p["gamma2"], p["beta2"])
