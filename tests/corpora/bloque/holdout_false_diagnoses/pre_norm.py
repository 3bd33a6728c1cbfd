# kind: single
# misconception_es: Monta el bloque en pre-norm, X + Sublayer(LayerNorm(X)), en lugar del post-norm del artículo, LayerNorm(X + Sublayer(X)).
# misconception_en: Builds the block as pre-norm, X + Sublayer(LayerNorm(X)), instead of the paper's post-norm, LayerNorm(X + Sublayer(X)).
# line: 18, 19
# expect: pre_norm

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta


def bloque(X, atencion, p):
    # pre-norm, como casi todas las implementaciones de hoy
    H = X + atencion(layer_norm(X, p["gamma1"], p["beta1"]))
    N2 = layer_norm(H, p["gamma2"], p["beta2"])
    F = np.maximum(0, N2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return H + F
