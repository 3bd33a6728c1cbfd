# kind: single
# misconception_es: Aplica la ReLU también a la salida del perceptrón, ReLU(ReLU(XW1 + b1)W2 + b2), en lugar de sólo a la capa oculta.
# misconception_en: Applies ReLU to the perceptron output too, ReLU(ReLU(XW1 + b1)W2 + b2), instead of only to the hidden layer.
# line: 20
# expect: new:relu_on_output
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    media = np.mean(X, axis=-1, keepdims=True)
    varianza = np.mean((X - media) ** 2, axis=-1, keepdims=True)
    return gamma * (X - media) / np.sqrt(varianza + eps) + beta


def capa(X, W, b):
    return np.maximum(0.0, X @ W + b)


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = capa(capa(H, p["W1"], p["b1"]), p["W2"], p["b2"])
    return layer_norm(H + F, p["gamma2"], p["beta2"])
