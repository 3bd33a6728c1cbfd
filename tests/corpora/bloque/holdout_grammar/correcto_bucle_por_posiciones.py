# kind: correct
# misconception_es: Correcto: aplica el layer norm y el perceptrón fila a fila con bucles, usando math.sqrt.
# misconception_en: Correct: applies layer norm and the perceptron row by row with loops, using math.sqrt.
# line: none
# expect: none
import math

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    Y = np.empty_like(X, dtype=float)
    for t in range(X.shape[0]):
        fila = X[t]
        media = fila.mean()
        var = ((fila - media) ** 2).mean()
        Y[t] = gamma * (fila - media) / math.sqrt(var + eps) + beta
    return Y


def perceptron_posicion(x, p):
    oculta = x @ p["W1"] + p["b1"]
    oculta[oculta < 0] = 0.0
    return oculta @ p["W2"] + p["b2"]


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.array([perceptron_posicion(H[t], p) for t in range(H.shape[0])])
    return layer_norm(H + F, p["gamma2"], p["beta2"])
