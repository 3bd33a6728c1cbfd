# kind: single
# misconception_es: La lambda de la atención cruzada usa Y en lugar de su argumento x, así que las consultas salen de lo que entró al bloque y no de H1: debe ser atencion_cruzada(x, memoria).
# misconception_en: The cross-attention lambda uses Y instead of its argument x, so the queries come from the block's input and not from H1: it must be atencion_cruzada(x, memoria).
# line: 18
# expect: cross_attention_fed_Y
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    capas = [
        lambda x: auto_atencion(x),
        lambda x: atencion_cruzada(Y, memoria),
        lambda x: np.maximum(0, x @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"],
    ]
    out = Y
    for i, capa in enumerate(capas):
        out = layer_norm(out + capa(out), p["gamma" + str(i + 1)], p["beta" + str(i + 1)])
    return out
