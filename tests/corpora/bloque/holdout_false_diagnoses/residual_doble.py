# kind: single
# misconception_es: Suma la entrada dos veces en la primera subcapa, LayerNorm(X + X + Atencion(X)): cuenta el camino de la identidad por duplicado.
# misconception_en: Adds the input twice in the first sublayer, LayerNorm(X + X + Attention(X)): counts the identity path twice.
# line: 18
# expect: residual_counted_twice

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    sd = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(sd ** 2 + eps) + beta


def bloque(X, atencion, p):
    res = X.copy()
    res += X + atencion(X)
    H = layer_norm(res, p["gamma1"], p["beta1"])
    F = np.maximum(H @ p["W1"] + p["b1"], 0) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
