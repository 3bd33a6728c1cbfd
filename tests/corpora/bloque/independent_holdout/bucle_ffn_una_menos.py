# kind: single
# misconception_es: el bucle del perceptrón se salta la última posición (range(T-1))
# misconception_en: the perceptron loop skips the last position (range(T-1))
# line: 18
# expect: new:loop_skips_last_position
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.zeros_like(H)
    for t in range(len(H) - 1):
        F[t] = np.maximum(0.0, H[t] @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
