# kind: single
# misconception_es: aplica la ReLU también a la salida de la segunda capa del perceptrón
# misconception_en: also applies the ReLU to the perceptron's second layer output
# line: 21
# expect: relu_on_output
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def relu(z):
    return np.maximum(z, 0)


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = relu(relu(H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"])
    return layer_norm(H + F, p["gamma2"], p["beta2"])
