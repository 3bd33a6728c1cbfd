# kind: error
# misconception_es: auto_atencion devuelve un solo array de la forma de X, no la tupla (salida, pesos) de la función atencion del reto anterior; úsalo tal cual.
# misconception_en: auto_atencion returns a single array of X's shape, not the (salida, pesos) tuple of the previous challenge's atencion; use it as it is.
# line: 16
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    salida, pesos = auto_atencion(Y)
    H1 = layer_norm(Y + salida, p["gamma1"], p["beta1"])
    salida, pesos = atencion_cruzada(H1, memoria)
    H2 = layer_norm(H1 + salida, p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
