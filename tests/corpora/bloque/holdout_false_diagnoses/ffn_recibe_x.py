# kind: single
# misconception_es: Le pasa al perceptrón por posiciones la X de entrada en lugar de la salida H de la primera subcapa.
# misconception_en: Feeds the block input X to the position-wise perceptron instead of the first sublayer's output H.
# line: 20
# expect: ffn_on_block_input

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[1]
    mu = X.sum(axis=1, keepdims=True) / d
    var = ((X - mu) ** 2).sum(axis=1, keepdims=True) / d
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    W1, b1, W2, b2 = p["W1"], p["b1"], p["W2"], p["b2"]
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0, X @ W1 + b1) @ W2 + b2
    return layer_norm(H + F, p["gamma2"], p["beta2"])
