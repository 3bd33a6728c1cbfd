# kind: single
# misconception_es: La residual de la atención cruzada suma memoria; se suma lo que entró en esa subcapa por el lado del decoder, H1, que es además lo que tiene la forma (T_y, d_model).
# misconception_en: The cross-attention's residual adds memoria; you add what came into that sublayer on the decoder's side, H1, which is also what has the (T_y, d_model) shape.
# line: 17
# expect: new:residual_adds_memory
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    H2 = layer_norm(memoria + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
