# kind: double
# misconception_es: Dos errores: normalizas la memoria antes de la atención cruzada (memoria entra tal cual la dejó el encoder, y gamma2/beta2 son de la suma H1 + cruzada), y tu layer_norm trabaja en el sitio (X -= ..., X /= ...), así que modifica el array que recibe, aquí memoria.
# misconception_en: Two mistakes: you normalise the memory before the cross-attention (memoria goes in as the encoder left it, and gamma2/beta2 belong to the sum H1 + cross), and your layer_norm works in place (X -= ..., X /= ...), so it changes the array it receives, here memoria.
# line: 17, 10
# expect: new:memory_normalised, modifies_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    X -= X.mean(axis=1, keepdims=True)
    X /= np.sqrt((X ** 2).mean(axis=1, keepdims=True) + eps)
    return gamma * X + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    M = layer_norm(memoria, p["gamma2"], p["beta2"])   # normalizo tambien la memoria
    H2 = layer_norm(H1 + atencion_cruzada(H1, M), p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
