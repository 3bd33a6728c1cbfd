# kind: single
# misconception_es: Pone las dos subcapas en paralelo sobre la misma X y normaliza una sola vez, LayerNorm(X + Atención(X) + FFN(X)), en lugar de encadenarlas.
# misconception_en: Puts both sublayers in parallel on the same X and normalises once, LayerNorm(X + Attention(X) + FFN(X)), instead of chaining them.
# line: 17
# expect: new:parallel_sublayers
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    media = np.mean(X, axis=-1, keepdims=True)
    varianza = np.mean((X - media) ** 2, axis=-1, keepdims=True)
    return gamma * (X - media) / np.sqrt(varianza + eps) + beta


def bloque(X, atencion, p):
    # las dos subcapas se suman a lo que entro
    ffn = np.maximum(0, X @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(X + atencion(X) + ffn, p["gamma2"], p["beta2"])
