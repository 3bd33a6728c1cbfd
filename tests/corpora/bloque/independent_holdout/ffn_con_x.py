# kind: single
# misconception_es: el perceptrón recibe la X original en vez de la salida H de la primera subcapa
# misconception_en: the perceptron receives the original X instead of the first sublayer's output H
# line: 17
# expect: ffn_on_block_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, X @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
