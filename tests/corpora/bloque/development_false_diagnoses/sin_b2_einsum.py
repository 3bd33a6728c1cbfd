# kind: single
# misconception_es: Escribe el perceptrón con einsum y olvida el sesgo b2 de la segunda capa.
# misconception_en: Writes the perceptron with einsum and forgets the second layer's bias b2.
# line: 18
# expect: missing_bias_b2
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    oculta = np.maximum(np.einsum("td,df->tf", H, p["W1"]) + p["b1"], 0.0)
    F = np.einsum("tf,fd->td", oculta, p["W2"])
    return layer_norm(H + F, p["gamma2"], p["beta2"])
