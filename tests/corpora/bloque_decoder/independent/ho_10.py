# kind: single
# misconception_es: La ReLU va entre las dos capas, no al final: FFN(H2) = ReLU(H2 W1 + b1) W2 + b2, y la segunda capa queda lineal.
# misconception_en: The ReLU goes between the two layers, not at the end: FFN(H2) = ReLU(H2 W1 + b1) W2 + b2, and the second layer stays linear.
# line: 19
# expect: new:relu_after_second_layer
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    z1 = H2 @ p["W1"] + p["b1"]
    z2 = z1 @ p["W2"] + p["b2"]
    F = np.maximum(z2, 0)
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
