# kind: double
# misconception_es: layer_norm con ddof=1 y además tanh en vez de ReLU
# misconception_en: layer_norm with ddof=1 and also tanh instead of ReLU
# line: 11, 17
# expect: sample_deviation, new:activation_not_relu
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True, ddof=1)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.tanh(H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
