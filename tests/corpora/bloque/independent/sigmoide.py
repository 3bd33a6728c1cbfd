# kind: single
# misconception_es: usa la sigmoide en vez de ReLU
# misconception_en: uses the sigmoid instead of ReLU
# line: 17
# expect: new:activation_not_relu
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    a = 1.0 / (1.0 + np.exp(-(H @ p["W1"] + p["b1"])))
    return layer_norm(H + a @ p["W2"] + p["b2"], p["gamma2"], p["beta2"])
