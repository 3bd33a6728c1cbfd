# kind: single
# misconception_es: Has invertido los argumentos: las consultas salen de lo que se lleva escrito y las claves y valores de la memoria, atencion_cruzada(H1, memoria); al revés sale un mapa de T_x filas.
# misconception_en: You swapped the arguments: the queries come from what has been written and the keys and values from the memory, atencion_cruzada(H1, memoria); the other way round gives a map of T_x rows.
# line: 17
# expect: memory_and_queries_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    media = np.mean(X, axis=1, keepdims=True)
    varianza = np.var(X, axis=1, keepdims=True)
    return gamma * (X - media) / np.sqrt(varianza + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    h1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    cruzada = atencion_cruzada(memoria, h1)
    h2 = layer_norm(h1 + cruzada, p["gamma2"], p["beta2"])
    oculta = np.maximum(0.0, h2 @ p["W1"] + p["b1"])
    return layer_norm(h2 + oculta @ p["W2"] + p["b2"], p["gamma3"], p["beta3"])
