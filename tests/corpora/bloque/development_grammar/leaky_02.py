# kind: single
# misconception_es: usa una leaky ReLU de pendiente 0.2
# misconception_en: uses a leaky ReLU of slope 0.2
# line: 18
# expect: activation_not_relu
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    z = H @ p["W1"] + p["b1"]
    hidden = np.where(z > 0, z, 0.2 * z)
    return layer_norm(H + hidden @ p["W2"] + p["b2"], p["gamma2"], p["beta2"])
