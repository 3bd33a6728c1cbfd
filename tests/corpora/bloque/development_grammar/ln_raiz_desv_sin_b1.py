# kind: double
# misconception_es: su layer_norm mete s (no s²) en la raíz y además olvida b1
# misconception_en: its layer_norm puts s (not s²) in the root and also forgets b1
# line: 11, 16
# expect: new:root_of_deviation, missing_bias_b1
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - X.mean(axis=1, keepdims=True)) / np.sqrt(s + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
