# kind: double
# misconception_es: suma en el sitio sobre X (X += ...) y además la segunda residual usa X en vez de H
# misconception_en: adds in place onto X (X += ...) and also the second residual uses X instead of H
# line: 16, 19
# expect: block_modifies_input, second_residual_adds_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    X += atencion(X)
    H = layer_norm(X, p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(X + F, p["gamma2"], p["beta2"])
