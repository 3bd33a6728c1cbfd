# kind: single
# misconception_es: en la segunda residual suma la X original en vez de H
# misconception_en: in the second residual adds the original X instead of H
# line: 18
# expect: second_residual_adds_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(X + F, p["gamma2"], p["beta2"])
