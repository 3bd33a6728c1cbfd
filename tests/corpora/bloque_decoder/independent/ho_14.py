# kind: single
# misconception_es: Pones la atención cruzada antes que la auto-atención; el orden es auto-atención enmascarada sobre Y, después atención cruzada sobre la memoria, después el perceptrón.
# misconception_en: You put the cross-attention before the self-attention; the order is masked self-attention over Y, then cross-attention over the memory, then the perceptron.
# line: 17
# expect: new:sublayers_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    # primero miro la memoria, luego lo escrito
    H1 = layer_norm(Y + atencion_cruzada(Y, memoria), p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + auto_atencion(H1), p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
