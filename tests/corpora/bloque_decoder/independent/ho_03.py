# kind: single
# misconception_es: La tercera subcapa suma pero no normaliza: las tres van envueltas igual, LayerNorm(H2 + FFN(H2)) con gamma3/beta3.
# misconception_en: The third sublayer adds but does not normalise: all three are wrapped the same way, LayerNorm(H2 + FFN(H2)) with gamma3/beta3.
# line: 18
# expect: new:missing_third_norm
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    h1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    h2 = layer_norm(h1 + atencion_cruzada(h1, memoria), p["gamma2"], p["beta2"])
    return_value = h2 + np.maximum(0, h2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return return_value
