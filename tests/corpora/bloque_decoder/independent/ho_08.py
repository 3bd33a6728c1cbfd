# kind: single
# misconception_es: Devuelves H, la salida de la primera subcapa; lo que sale del bloque es la tercera, H3 = LayerNorm(H2 + FFN(H2)).
# misconception_en: You return H, the first sublayer's output; what leaves the block is the third, H3 = LayerNorm(H2 + FFN(H2)).
# line: 20
# expect: new:returns_first_sublayer
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    H2 = layer_norm(H + atencion_cruzada(H, memoria), p["gamma2"], p["beta2"])
    H3 = layer_norm(H2 + np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"],
                    p["gamma3"], p["beta3"])
    return H
