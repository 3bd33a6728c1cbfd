# kind: single
# misconception_es: usa softplus log(1 + eˣ) en lugar de ReLU
# misconception_en: uses softplus log(1 + eˣ) instead of ReLU
# line: 16
# expect: activation_not_relu
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def perceptron(H, p):
    return np.log1p(np.exp(H @ p["W1"] + p["b1"])) @ p["W2"] + p["b2"]


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    return layer_norm(H + perceptron(H, p), p["gamma2"], p["beta2"])
