import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    centred = X - mu
    var = X.var(axis=1, keepdims=True)
    s = np.sqrt(var)
    root = np.sqrt(s**2 + eps)
    x_hat = centred / root
    scaled = gamma * x_hat
    return scaled + beta


def bloque(X, atencion, p):
    A = atencion(X)
    first_sum = X + A
    H = layer_norm(first_sum, p["gamma1"], p["beta1"])
    hidden = H @ p["W1"] + p["b1"]
    relu = np.maximum(0.0, hidden)
    F = relu @ p["W2"] + p["b2"]
    second_sum = H + F
    return layer_norm(second_sum, p["gamma2"], p["beta2"])
