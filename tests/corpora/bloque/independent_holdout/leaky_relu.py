# kind: single
# misconception_es: usa una leaky ReLU (pendiente 0.01) en vez de ReLU
# misconception_en: uses a leaky ReLU (slope 0.01) instead of ReLU
# line: 18
# expect: new:activation_not_relu
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    z = H @ p["W1"] + p["b1"]
    F = np.maximum(0.01 * z, z) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
