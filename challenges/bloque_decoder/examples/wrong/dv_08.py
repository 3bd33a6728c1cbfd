# kind: single
# misconception_es: Falta la primera subcapa, la auto-atención enmascarada: antes de mirar la memoria, el decoder mira lo que lleva escrito, H1 = LayerNorm(Y + auto_atencion(Y)).
# misconception_en: The first sublayer, the masked self-attention, is missing: before looking at the memory the decoder looks at what it has written, H1 = LayerNorm(Y + auto_atencion(Y)).
# line: 18
# expect: missing_self_attention_sublayer
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    out = np.empty_like(X, dtype=float)
    for t, fila in enumerate(X):
        mu = fila.mean()
        out[t] = (fila - mu) / np.sqrt(((fila - mu) ** 2).mean() + eps)
    return gamma * out + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H2 = layer_norm(Y + atencion_cruzada(Y, memoria), p["gamma2"], p["beta2"])
    ffn = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + ffn, p["gamma3"], p["beta3"])
