# kind: single
# misconception_es: Suma la atención con np.add(X, atencion(X), out=X), con lo que modifica el X que recibe.
# misconception_en: Adds the attention with np.add(X, atencion(X), out=X), so it modifies the X it receives.
# line: 14
# expect: block_modifies_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    return gamma * (X - X.mean(1, keepdims=True)) / np.sqrt(X.var(1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    np.add(X, atencion(X), out=X)
    H = layer_norm(X, p["gamma1"], p["beta1"])
    F = np.maximum(0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
