# kind: single
# misconception_es: Pone la ReLU a la salida del perceptrón, ReLU(XW1 + b1)W2 + b2 pasa a ser ReLU((XW1 + b1)W2 + b2), en lugar de entre las dos capas.
# misconception_en: Puts the ReLU at the perceptron's output, ReLU((XW1 + b1)W2 + b2), instead of between the two layers.
# line: 20
# expect: relu_after_second_layer

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=-1)[:, np.newaxis]
    s = np.std(X, axis=-1)[:, np.newaxis]
    return gamma * (X - mu) / np.sqrt(s * s + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    z1 = H @ p["W1"] + p["b1"]
    z2 = z1 @ p["W2"] + p["b2"]
    F = np.maximum(0.0, z2)  # ReLU
    return layer_norm(H + F, p["gamma2"], p["beta2"])
