# kind: single
# misconception_es: suma b1 después de la ReLU en vez de antes
# misconception_en: adds b1 after the ReLU instead of before
# line: 17
# expect: new:bias_after_relu
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    oculta = np.maximum(0.0, H @ p["W1"]) + p["b1"]
    F = oculta @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
