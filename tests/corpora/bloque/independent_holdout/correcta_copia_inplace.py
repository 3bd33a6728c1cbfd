# kind: correct
# misconception_es: ninguna (copia primero y opera en el sitio sobre la copia)
# misconception_en: none (copies first, then works in place on the copy)
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta


def bloque(X, atencion, p):
    S = X.copy()
    S += atencion(X)  # en el sitio, pero sobre mi copia
    H = layer_norm(S, p["gamma1"], p["beta1"])
    Z = H @ p["W1"]
    Z += p["b1"]
    np.maximum(Z, 0.0, out=Z)
    F = Z @ p["W2"] + p["b2"]
    F += H
    return layer_norm(F, p["gamma2"], p["beta2"])
