# kind: single
# misconception_es: Pone una segunda ReLU sobre la salida del perceptrón tras sumar b2, además de la de la capa oculta.
# misconception_en: Puts a second ReLU over the perceptron's output after adding b2, besides the one on the hidden layer.
# line: 17
# expect: new:relu_on_output
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    return gamma * (X - X.mean(1, keepdims=True)) / np.sqrt(X.var(1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    z1 = H @ p["W1"] + p["b1"]
    z2 = np.maximum(z1, 0) @ p["W2"] + p["b2"]
    F = z2.clip(min=0)
    return layer_norm(H + F, p["gamma2"], p["beta2"])
