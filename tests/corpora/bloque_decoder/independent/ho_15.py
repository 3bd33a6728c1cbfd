# kind: single
# misconception_es: Le pasas H1 como memoria, así que la atención cruzada nunca mira lo que dejó el encoder; las claves y los valores salen de memoria: atencion_cruzada(H1, memoria).
# misconception_en: You pass H1 as the memory, so the cross-attention never looks at what the encoder left; the keys and values come from memoria: atencion_cruzada(H1, memoria).
# line: 17
# expect: new:cross_attention_on_itself
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    m = np.mean(X, 1, keepdims=True)
    d = np.std(X, 1, keepdims=True)
    return gamma * (X - m) / np.sqrt(d * d + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    x = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    x = layer_norm(x + atencion_cruzada(x, x), p["gamma2"], p["beta2"])
    x = layer_norm(x + (np.maximum(0, x @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]), p["gamma3"], p["beta3"])
    return x
