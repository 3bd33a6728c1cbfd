import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=-1, keepdims=True)
    var = np.mean((X - mu) ** 2, axis=-1, keepdims=True)
    return gamma * ((X - mu) / np.sqrt(var + eps)) + beta


def relu(z):
    return np.maximum(z, 0.0)


def ffn(X, W1, b1, W2, b2):
    """Perceptron por posiciones: ReLU(X W1 + b1) W2 + b2."""
    return relu(X @ W1 + b1) @ W2 + b2


def suma_y_norm(x, sublayer, gamma, beta):
    # LayerNorm(x + Sublayer(x))
    return layer_norm(x + sublayer(x), gamma, beta)


def bloque(X, atencion, p):
    h = suma_y_norm(X, atencion, p["gamma1"], p["beta1"])
    h = suma_y_norm(h, lambda z: ffn(z, p["W1"], p["b1"], p["W2"], p["b2"]), p["gamma2"], p["beta2"])
    return h
