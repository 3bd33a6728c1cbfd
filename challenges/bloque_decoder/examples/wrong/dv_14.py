# kind: single
# misconception_es: Devuelves H2, lo que sale de la atención cruzada; el bloque devuelve lo que sale de la tercera subcapa, LayerNorm(H2 + FFN(H2)).
# misconception_en: You return H2, what comes out of the cross-attention; the block returns what comes out of the third sublayer, LayerNorm(H2 + FFN(H2)).
# line: 21
# expect: missing_third_sublayer
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    H3 = layer_norm(H2 + F, p["gamma3"], p["beta3"])
    print("H1", H1.shape, "H2", H2.shape, "H3", H3.shape)
    return H2
