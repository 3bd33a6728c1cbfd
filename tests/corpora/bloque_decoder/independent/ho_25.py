# kind: error
# misconception_es: np.max(0, z) no es la ReLU: np.max reduce un array (y aquí recibe 0 como array y z como eje); la ReLU casilla a casilla es np.maximum(0, z).
# misconception_en: np.max(0, z) is not the ReLU: np.max reduces an array (and here it gets 0 as the array and z as the axis); the cell-by-cell ReLU is np.maximum(0, z).
# line: 19
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    z = H2 @ p["W1"] + p["b1"]
    F = np.max(0, z) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
