# kind: single
# misconception_es: Falta la subcapa de en medio, la atención cruzada: es la única caja que junta las dos columnas, H2 = LayerNorm(H1 + atencion_cruzada(H1, memoria)); sin ella memoria no se usa.
# misconception_en: The middle sublayer, the cross-attention, is missing: it is the only box that joins the two columns, H2 = LayerNorm(H1 + atencion_cruzada(H1, memoria)); without it memoria is never used.
# line: 17
# expect: missing_cross_attention_sublayer
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=1, keepdims=True)
    sigma = np.sqrt(np.mean((X - mu) ** 2, axis=1, keepdims=True))
    return gamma * (X - mu) / np.sqrt(sigma ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    h1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    ffn = np.maximum(0, h1 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(h1 + ffn, p["gamma3"], p["beta3"])
