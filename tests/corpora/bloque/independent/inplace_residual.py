# kind: single
# misconception_es: suma la residual en el sitio sobre la X recibida (X += atencion(X))
# misconception_en: adds the residual in place onto the received X (X += atencion(X))
# line: 16
# expect: block_modifies_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    X += atencion(X)  # la residual, sin copiar
    H = layer_norm(X, p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
