# kind: single
# misconception_es: recorre las posiciones y olvida b2
# misconception_en: loops over the positions and forgets b2
# line: 19
# expect: missing_bias_b2
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.zeros_like(H)
    for t in range(H.shape[0]):
        F[t] = np.maximum(0.0, H[t] @ p["W1"] + p["b1"]) @ p["W2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
