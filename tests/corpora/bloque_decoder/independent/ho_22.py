# kind: single
# misconception_es: La primera subcapa normaliza Y sin la auto-atención enmascarada: H1 = LayerNorm(Y + auto_atencion(Y)), la suma de lo que entró y de lo que devuelve la atención.
# misconception_en: The first sublayer normalises Y without the masked self-attention: H1 = LayerNorm(Y + auto_atencion(Y)), the sum of what came in and what the attention returns.
# line: 17
# expect: missing_self_attention_sublayer
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    print("memoria:", memoria.shape)
    H1 = layer_norm(Y, p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
