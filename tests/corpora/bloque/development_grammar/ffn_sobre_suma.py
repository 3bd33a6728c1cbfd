# kind: single
# misconception_es: da al perceptrón X + A sin normalizar en lugar de H
# misconception_en: feeds the perceptron X + A unnormalised instead of H
# line: 18
# expect: ffn_on_block_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    suma = X + atencion(X)
    H = layer_norm(suma, p["gamma1"], p["beta1"])
    F = np.maximum(0.0, suma @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
