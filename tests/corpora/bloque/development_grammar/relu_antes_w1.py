# kind: single
# misconception_es: aplica la ReLU a la entrada del perceptrón, antes de la primera capa
# misconception_en: applies the ReLU to the perceptron's input, before the first layer
# line: 17
# expect: new:relu_before_first_layer
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = (np.maximum(H, 0) @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
