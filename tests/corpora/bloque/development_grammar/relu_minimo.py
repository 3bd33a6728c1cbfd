# kind: single
# misconception_es: escribe la ReLU con np.minimum
# misconception_en: writes the ReLU with np.minimum
# line: 17
# expect: activation_not_relu
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    hidden = np.minimum(0, H @ p["W1"] + p["b1"])
    return layer_norm(H + hidden @ p["W2"] + p["b2"], p["gamma2"], p["beta2"])
