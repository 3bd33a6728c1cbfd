# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    rows = [np.maximum(0.0, np.einsum("d,df->f", h, p["W1"]) + p["b1"]) @ p["W2"] + p["b2"] for h in H]
    return layer_norm(H + np.stack(rows), p["gamma2"], p["beta2"])
