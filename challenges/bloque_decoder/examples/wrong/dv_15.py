# kind: single
# misconception_es: El perceptrón por posiciones no tiene ReLU entre sus dos capas; sin ella las dos capas son una sola transformación lineal: ReLU(H2 W1 + b1) W2 + b2.
# misconception_en: The position-wise perceptron has no ReLU between its two layers; without it the two layers are one linear map: ReLU(H2 W1 + b1) W2 + b2.
# line: 19
# expect: missing_relu
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=1, keepdims=True)
    sd = np.std(X, axis=1, keepdims=True)
    return gamma * ((X - mu) / np.sqrt(sd ** 2 + eps)) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    W1, b1, W2, b2 = (p[k] for k in ("W1", "b1", "W2", "b2"))
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    F = (H2 @ W1 + b1) @ W2 + b2
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
