# kind: single
# misconception_es: En la tercera subcapa sumas H1 en lugar de H2: la residual de cada subcapa suma su propia entrada, LayerNorm(H2 + FFN(H2)).
# misconception_en: In the third sublayer you add H1 instead of H2: each sublayer's residual adds its own input, LayerNorm(H2 + FFN(H2)).
# line: 20
# expect: residual_adds_another_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = ((X - mu) ** 2).mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    hidden = np.maximum(0, np.dot(H2, p["W1"]) + p["b1"])
    ffn_out = np.dot(hidden, p["W2"]) + p["b2"]
    return layer_norm(H1 + ffn_out, p["gamma3"], p["beta3"])
