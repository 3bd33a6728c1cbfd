# kind: error
# misconception_es: Accede a los parámetros como atributos (p.W1) en lugar de con claves (p["W1"]), y un dict lanza AttributeError.
# misconception_en: Reads the parameters as attributes (p.W1) instead of by key (p["W1"]), and a dict raises AttributeError.
# line: 15
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    return gamma * (X - X.mean(1, keepdims=True)) / np.sqrt(X.var(1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0, H @ p.W1 + p.b1) @ p.W2 + p.b2
    return layer_norm(H + F, p["gamma2"], p["beta2"])
