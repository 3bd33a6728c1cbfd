# kind: error
# misconception_es: Lee los pesos del diccionario con claves en minúscula (p["w1"]) que no existen, y la llamada falla con KeyError.
# misconception_en: Reads the weights from the dict with lowercase keys (p["w1"]) that do not exist, so the call fails with KeyError.
# line: 18
# expect: none

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    w1, w2 = p["w1"], p["w2"]
    F = np.maximum(0, H @ w1 + p["b1"]) @ w2 + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
