# kind: correct
# misconception_es: ninguna (el perceptrón fila a fila)
# misconception_en: none (the perceptron row by row)
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    out = np.empty_like(X, dtype=float)
    for t in range(X.shape[0]):
        m = X[t].mean()
        out[t] = (X[t] - m) / np.sqrt(((X[t] - m) ** 2).mean() + eps)
    return out * gamma + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.zeros_like(H)
    for t, h in enumerate(H):  # perceptrón por posiciones: una fila cada vez
        F[t] = np.maximum(0, h @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
