# kind: single
# misconception_es: Usa una GELU (aproximación con tanh) en lugar de la ReLU.
# misconception_en: Uses a GELU (the tanh approximation) instead of the ReLU.
# line: 18
# step: relu
# expect: activation_not_relu
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    u = H @ p["W1"] + p["b1"]
    act = 0.5 * u * (1 + np.tanh(np.sqrt(2 / np.pi) * (u + 0.044715 * u ** 3)))
    F = act @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
