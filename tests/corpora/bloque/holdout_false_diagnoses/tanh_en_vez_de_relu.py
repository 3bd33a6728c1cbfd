# kind: single
# misconception_es: Usa tanh como no linealidad del perceptrón por posiciones en lugar de la ReLU, max(0, ·).
# misconception_en: Uses tanh as the position-wise perceptron's nonlinearity instead of the ReLU, max(0, ·).
# line: 17
# expect: activation_not_relu

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    X = np.asarray(X, dtype=np.float64)
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


activacion = np.tanh


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = activacion(H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
