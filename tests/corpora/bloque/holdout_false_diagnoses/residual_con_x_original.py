# kind: single
# misconception_es: En la segunda subcapa suma la X original del bloque en lugar de H, la salida de la primera subcapa: LayerNorm(X + FFN(H)).
# misconception_en: In the second sublayer it adds the block's original X instead of H, the first sublayer's output: LayerNorm(X + FFN(H)).
# line: 25
# expect: second_residual_adds_input

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    sigma = X.std(axis=1, keepdims=True)
    return gamma * ((X - mu) / np.sqrt(sigma ** 2 + eps)) + beta


def relu(z):
    return np.maximum(z, 0)


def bloque(X, atencion, p):
    # sublayer 1: attention
    out1 = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    # sublayer 2: position-wise FFN
    ff = relu(out1 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(X + ff, p["gamma2"], p["beta2"])
