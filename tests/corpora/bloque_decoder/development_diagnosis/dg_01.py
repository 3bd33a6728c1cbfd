# kind: single
# misconception_es: La atención cruzada recibe Y en lugar de H1: las consultas salen de lo que dejó la primera subcapa, atencion_cruzada(H1, memoria).
# misconception_en: The cross-attention receives Y instead of H1: the queries come from what the first sublayer left, atencion_cruzada(H1, memoria).
# line: 20
# expect: cross_attention_fed_Y
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    media = np.mean(X, axis=-1, keepdims=True)
    var = np.mean(np.square(X - media), axis=-1, keepdims=True)
    return gamma * ((X - media) / np.sqrt(var + eps)) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    def ffn(h):
        return np.clip(h @ p["W1"] + p["b1"], 0.0, None) @ p["W2"] + p["b2"]

    subcapas = zip("123", (auto_atencion,
                           lambda h: atencion_cruzada(Y, memoria),
                           ffn))
    h = Y
    for k, subcapa in subcapas:
        h = layer_norm(h + subcapa(h), p[f"gamma{k}"], p[f"beta{k}"])
    return h
