# kind: single
# misconception_es: olvida la segunda normalización: devuelve H + F sin normalizar
# misconception_en: forgets the second normalisation: returns H + F unnormalised
# line: 18
# expect: missing_second_norm
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return H + F
