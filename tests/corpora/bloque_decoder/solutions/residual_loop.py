"""Decoder block written as a list of (sublayer, norm parameters) pairs."""

import math

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    out = np.empty_like(X, dtype=float)
    for t in range(X.shape[0]):
        fila = X[t]
        media = sum(fila) / len(fila)
        var = sum((v - media) ** 2 for v in fila) / len(fila)
        out[t] = [(v - media) / math.sqrt(var + eps) for v in fila]
    return out * gamma + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    relu = lambda z: np.clip(z, 0.0, None)  # noqa: E731
    pasos = (
        (lambda h: auto_atencion(h), "1"),
        (lambda h: atencion_cruzada(h, memoria), "2"),
        (lambda h: relu(h @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"], "3"),
    )
    h = np.asarray(Y, dtype=float)
    for subcapa, k in pasos:
        suma = h + subcapa(h)
        h = layer_norm(suma, p["gamma" + k], p["beta" + k])
    return h
