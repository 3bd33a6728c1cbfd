# kind: nonsense
# misconception_es: ninguna nombrable: suma una perturbación pequeña a la salida de la atención
# misconception_en: none nameable: adds a small perturbation to the attention's output
# line: 16
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    A = atencion(X) + 1e-3 * np.sin(X)
    H = layer_norm(X + A, p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
