# kind: single
# misconception_es: El layer norm del bloque tiene por defecto ε = 1e-3 en lugar de 1e-5.
# misconception_en: The block's layer norm has the default ε = 1e-3 instead of 1e-5.
# line: 9
# expect: eps_default_changed
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-3):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
