# kind: single
# misconception_es: Escribe la ReLU con np.minimum(0, ·), que se queda con la parte negativa, en lugar de max(0, ·).
# misconception_en: Writes the ReLU with np.minimum(0, ·), which keeps the negative part, instead of max(0, ·).
# line: 20
# expect: activation_not_relu

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    x_c = X - mu
    s2 = np.mean(x_c * x_c, axis=1, keepdims=True)
    return gamma * x_c / np.sqrt(s2 + eps) + beta


def bloque(X, atencion, p):
    sub1 = atencion(X)
    H = layer_norm(X + sub1, p["gamma1"], p["beta1"])
    relu = np.minimum(0, H @ p["W1"] + p["b1"])
    sub2 = relu @ p["W2"] + p["b2"]
    return layer_norm(H + sub2, p["gamma2"], p["beta2"])
