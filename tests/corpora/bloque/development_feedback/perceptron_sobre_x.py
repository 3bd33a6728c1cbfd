# kind: single
# misconception_es: El perceptrón lee la X de entrada en lugar de H.
# misconception_en: The perceptron reads the input X instead of H.
# line: 17
# step: hidden
# expect: ffn_on_block_input
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    capa = np.matmul(X, p["W1"]) + p["b1"]
    F = np.matmul(np.maximum(capa, 0.0), p["W2"]) + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
