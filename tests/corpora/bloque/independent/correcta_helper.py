# kind: correct
# misconception_es: ninguna (una función para la envoltura)
# misconception_en: none (one helper for the wrapping)
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=-1, keepdims=True)
    var = np.mean((X - mu) ** 2, axis=-1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def add_and_norm(x, sub, g, b):
    # sumar lo que entra a lo que sale, y normalizar
    return layer_norm(x + sub(x), g, b)


def perceptron(p):
    return lambda h: np.maximum(h @ p["W1"] + p["b1"], 0.0) @ p["W2"] + p["b2"]


def bloque(X, atencion, p):
    h = add_and_norm(X, atencion, p["gamma1"], p["beta1"])
    return add_and_norm(h, perceptron(p), p["gamma2"], p["beta2"])
