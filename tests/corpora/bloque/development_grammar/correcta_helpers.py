# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def add_and_norm(x, sub, gamma, beta):
    return layer_norm(x + sub, gamma, beta)


def position_wise(h, W1, b1, W2, b2):
    return np.maximum(0.0, h @ W1 + b1) @ W2 + b2


def bloque(X, atencion, p):
    h = add_and_norm(X, atencion(X), p["gamma1"], p["beta1"])
    f = position_wise(h, p["W1"], p["b1"], p["W2"], p["b2"])
    return add_and_norm(h, f, p["gamma2"], p["beta2"])
