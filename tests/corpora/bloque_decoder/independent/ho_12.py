# kind: single
# misconception_es: En la atención cruzada normalizas sólo su salida y le sumas H1 después, H1 + LayerNorm(cross); la caja normaliza la suma, LayerNorm(H1 + atencion_cruzada(H1, memoria)).
# misconception_en: In the cross-attention you normalise only its output and add H1 afterwards, H1 + LayerNorm(cross); the box normalises the sum, LayerNorm(H1 + atencion_cruzada(H1, memoria)).
# line: 18
# expect: norm_inside_residual
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    cross = atencion_cruzada(H1, memoria)
    H2 = H1 + layer_norm(cross, p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
