# kind: single
# misconception_es: Has montado el bloque del encoder (dos subcapas) y la memoria no se usa; el decoder lleva en medio la atención cruzada, H2 = LayerNorm(H1 + atencion_cruzada(H1, memoria)), y el perceptrón va después con gamma3/beta3.
# misconception_en: You built the encoder's block (two sublayers) and the memory is never used; the decoder has the cross-attention in the middle, H2 = LayerNorm(H1 + atencion_cruzada(H1, memoria)), and the perceptron comes after it with gamma3/beta3.
# line: 17
# expect: encoder_block
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    # el mismo bloque de la leccion anterior, con la atencion enmascarada
    return bloque(Y, auto_atencion, p)
