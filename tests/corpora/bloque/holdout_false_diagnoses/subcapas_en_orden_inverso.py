# kind: single
# misconception_es: Aplica primero el perceptrón por posiciones y después la atención, al revés del orden del bloque.
# misconception_en: Applies the position-wise perceptron first and the attention afterwards, the reverse of the block's order.
# line: 18, 19, 20
# expect: sublayers_swapped

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=1, keepdims=True)
    s = np.std(X, axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque(X, atencion, p):
    # first the feed-forward, then attention
    F = np.maximum(0, X @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    H = layer_norm(X + F, p["gamma1"], p["beta1"])
    return layer_norm(H + atencion(H), p["gamma2"], p["beta2"])
