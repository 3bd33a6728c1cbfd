# kind: single
# misconception_es: cuenta H dos veces en la segunda residual (H + H + F)
# misconception_en: counts H twice in the second residual (H + H + F)
# line: 18
# expect: new:residual_counted_twice
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = H + np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]  # F ya lleva la residual
    return layer_norm(H + F, p["gamma2"], p["beta2"])
