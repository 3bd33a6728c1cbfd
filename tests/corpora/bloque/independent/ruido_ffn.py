# kind: nonsense
# misconception_es: ninguna nombrable: escala la salida del perceptrón por 1.003
# misconception_en: none nameable: scales the perceptron's output by 1.003
# line: 18
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + 1.003 * F, p["gamma2"], p["beta2"])
