# kind: double
# misconception_es: X += ... en su sitio y además sin la primera normalización
# misconception_en: X += ... in place and also no first normalisation
# line: 16, 17
# expect: block_modifies_input, missing_first_norm
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    X += atencion(X)
    F = np.maximum(0.0, X @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(X + F, p["gamma2"], p["beta2"])
