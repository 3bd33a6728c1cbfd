# kind: double
# misconception_es: El layer norm no suma beta, y la primera subcapa normaliza sólo la atención, LayerNorm(Atencion(X)), sin sumarle X.
# misconception_en: The layer norm does not add beta, and the first sublayer normalises only the attention, LayerNorm(Attention(X)), without adding X.
# line: 16, 22
# expect: new:missing_beta, missing_first_residual

import numpy as np
import math


def layer_norm(X, gamma, beta, eps=1e-5):
    filas = []
    for x in X:
        m = float(np.mean(x))
        s = math.sqrt(float(np.mean((x - m) ** 2)))
        filas.append(gamma * (x - m) / math.sqrt(s * s + eps))
    return np.stack(filas)


def bloque(X, atencion, p):
    A = atencion(X)
    H = layer_norm(A, p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
