# kind: single
# misconception_es: Has escrito el pre-norm, x + Sublayer(LayerNorm(x)); las tres subcapas del decoder van como en bloque: se suma lo que entró y se normaliza el resultado, LayerNorm(x + Sublayer(x)).
# misconception_en: You wrote pre-norm, x + Sublayer(LayerNorm(x)); the decoder's three sublayers go as in bloque: add what came in and normalise the result, LayerNorm(x + Sublayer(x)).
# line: 16
# expect: pre_norm
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    x = Y + auto_atencion(layer_norm(Y, p["gamma1"], p["beta1"]))
    x = x + atencion_cruzada(layer_norm(x, p["gamma2"], p["beta2"]), memoria)
    h = layer_norm(x, p["gamma3"], p["beta3"])
    x = x + np.maximum(0, h @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return x
