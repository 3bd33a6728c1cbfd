# kind: single
# misconception_es: La segunda subcapa vuelve a ser auto-atención; es la atención cruzada, con las consultas de H1 y las claves y valores de la memoria: atencion_cruzada(H1, memoria).
# misconception_en: The second sublayer is self-attention again; it is the cross-attention, with queries from H1 and keys and values from the memory: atencion_cruzada(H1, memoria).
# line: 17
# expect: new:cross_replaced_by_self
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    A2 = auto_atencion(H1)
    H2 = layer_norm(H1 + A2, p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
