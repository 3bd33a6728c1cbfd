# kind: correct
# misconception_es: Correcto: las estadísticas con sum y la forma a mano.
# misconception_en: Correct: the statistics with sum and the shape by hand.
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[1]
    mu = X.sum(1).reshape(-1, 1) / d
    var = ((X - mu) * (X - mu)).sum(1).reshape(-1, 1) / d
    return gamma * ((X - mu) * (var + eps) ** -0.5) + beta


def bloque(X, atencion, p):
    H = layer_norm(np.add(X, atencion(X)), p["gamma1"], p["beta1"])
    hidden = H.dot(p["W1"]) + p["b1"]
    hidden[hidden < 0] = 0
    return layer_norm(H + hidden.dot(p["W2"]) + p["b2"], p["gamma2"], p["beta2"])
