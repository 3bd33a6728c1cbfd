# kind: error
# misconception_es: auto_atencion(X) ya aplica la máscara causal por dentro y no acepta un argumento mascara (TypeError); llámala sólo con Y.
# misconception_en: auto_atencion(X) already applies the causal mask inside and takes no mascara argument (TypeError); call it with Y alone.
# line: 18
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    T = len(Y)
    M = np.triu(np.full((T, T), -np.inf), k=1)
    H1 = layer_norm(Y + auto_atencion(Y, mascara=M), p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
