# kind: double
# misconception_es: Aplica la ReLU a la entrada del perceptrón antes de la primera capa (no entre las dos) y además no normaliza la segunda suma.
# misconception_en: Applies the ReLU to the perceptron's input before the first layer (not between the two) and also does not normalise the second sum.
# line: 16, 18
# expect: relu_before_first_layer, missing_second_norm
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = (np.maximum(H, 0) @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    salida = H + F
    return salida
