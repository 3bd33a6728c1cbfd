# kind: single
# misconception_es: En la segunda subcapa sumas Y en lugar de H1: la línea residual rodea su propia subcapa, así que se suma lo que entró en ella, H1 + atencion_cruzada(H1, memoria).
# misconception_en: In the second sublayer you add Y instead of H1: the residual line goes around its own sublayer, so you add what came into it, H1 + atencion_cruzada(H1, memoria).
# line: 21
# expect: residual_adds_another_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    m = X.mean(-1, keepdims=True)
    v = ((X - m) ** 2).mean(-1, keepdims=True)
    return gamma * (X - m) / np.sqrt(v + eps) + beta


def ffn(x, p):
    return np.maximum(x @ p["W1"] + p["b1"], 0) @ p["W2"] + p["b2"]


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    H2 = layer_norm(Y + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    return layer_norm(H2 + ffn(H2, p), p["gamma3"], p["beta3"])
