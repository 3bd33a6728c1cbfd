# kind: single
# misconception_es: cuenta X dos veces en la primera residual
# misconception_en: counts X twice in the first residual
# line: 17
# expect: new:residual_counted_twice
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    Y = X + atencion(X)
    H = layer_norm(X + Y, p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
