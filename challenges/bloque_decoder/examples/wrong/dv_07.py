# kind: single
# misconception_es: La atención cruzada recibe Y, lo que entró al bloque, en lugar de H1, lo que salió de la primera subcapa: las consultas salen de H1, atencion_cruzada(H1, memoria).
# misconception_en: The cross-attention receives Y, the block's input, instead of H1, the first sublayer's output: the queries come from H1, atencion_cruzada(H1, memoria).
# line: 17
# expect: cross_attention_fed_Y
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    C = atencion_cruzada(Y, memoria)
    H2 = layer_norm(H1 + C, p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
