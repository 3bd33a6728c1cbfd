# kind: single
# misconception_es: aplica el perceptrón antes que la atención (orden de subcapas cambiado)
# misconception_en: applies the perceptron before the attention (sublayers in the wrong order)
# line: 17
# expect: new:sublayers_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    ffn = lambda Z: np.maximum(0, Z @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    H = layer_norm(X + ffn(X), p["gamma1"], p["beta1"])
    return layer_norm(H + atencion(H), p["gamma2"], p["beta2"])
