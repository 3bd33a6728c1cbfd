# kind: single
# misconception_es: Y += auto_atencion(Y) escribe dentro del array Y que te pasaron y se lo devuelve cambiado a quien llama; guarda la suma en una variable nueva, Y + auto_atencion(Y).
# misconception_en: Y += auto_atencion(Y) writes into the Y array you were given and hands it back changed to the caller; store the sum in a new variable, Y + auto_atencion(Y).
# line: 16
# expect: block_modifies_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    Y += auto_atencion(Y)
    H1 = layer_norm(Y, p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
