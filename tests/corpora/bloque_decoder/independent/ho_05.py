# kind: single
# misconception_es: Normalizas lo que entra en cada subcapa y dejas la suma sin normalizar (pre-norm); el decoder del artículo suma primero y normaliza después, LayerNorm(x + Sublayer(x)).
# misconception_en: You normalise what goes into each sublayer and leave the sum unnormalised (pre-norm); the paper's decoder adds first and normalises afterwards, LayerNorm(x + Sublayer(x)).
# line: 20
# expect: pre_norm
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    ffn = lambda z: np.maximum(z @ p["W1"] + p["b1"], 0.0) @ p["W2"] + p["b2"]
    cross = lambda z: atencion_cruzada(z, memoria)
    x = Y
    for k, f in ((1, auto_atencion), (2, cross), (3, ffn)):
        x = x + f(layer_norm(x, p[f"gamma{k}"], p[f"beta{k}"]))
    return x
