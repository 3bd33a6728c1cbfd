# kind: single
# misconception_es: W1 ya tiene forma (d_model, d_ff) y multiplica por la derecha tal cual, H2 @ W1; trasponerla sólo cuadra si d_ff = d_model, y aun así da otra cosa.
# misconception_en: W1 already has shape (d_model, d_ff) and multiplies on the right as it is, H2 @ W1; transposing it only fits when d_ff = d_model, and even then it gives something else.
# line: 18
# expect: new:W1_transposed
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    a = np.maximum(0, H2 @ p["W1"].T + p["b1"])
    f = a @ p["W2"].T + p["b2"]
    return layer_norm(H2 + f, p["gamma3"], p["beta3"])
