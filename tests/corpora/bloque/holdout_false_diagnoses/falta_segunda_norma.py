# kind: single
# misconception_es: Tras la segunda suma H + FFN(H) devuelve el resultado sin pasarlo por el segundo layer norm.
# misconception_en: After the second sum H + FFN(H) it returns the result without passing it through the second layer norm.
# line: 20
# expect: missing_second_norm

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    medias = X.mean(axis=1).reshape(-1, 1)
    varianzas = X.var(axis=1).reshape(-1, 1)
    return gamma * (X - medias) / np.sqrt(varianzas + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    oculta = np.maximum(0.0, H @ p["W1"] + p["b1"])
    salida = H + oculta @ p["W2"] + p["b2"]
    return salida
