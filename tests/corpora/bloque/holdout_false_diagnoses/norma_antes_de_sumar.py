# kind: single
# misconception_es: Normaliza la salida de cada subcapa y le suma la entrada después, X + LayerNorm(Sublayer(X)), en lugar de normalizar la suma.
# misconception_en: Normalises each sublayer's output and adds the input afterwards, X + LayerNorm(Sublayer(X)), instead of normalising the sum.
# line: 18, 20
# expect: norm_inside_residual

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    centrada = X - np.mean(X, axis=1, keepdims=True)
    var = np.mean(centrada ** 2, axis=1, keepdims=True)
    return gamma * centrada / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    a = atencion(X)
    h = X + layer_norm(a, p["gamma1"], p["beta1"])
    z = np.maximum(h @ p["W1"] + p["b1"], 0.0) @ p["W2"] + p["b2"]
    return h + layer_norm(z, p["gamma2"], p["beta2"])
