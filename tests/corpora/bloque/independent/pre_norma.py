# kind: single
# misconception_es: normaliza antes de la subcapa (pre-LN: X + Att(LN(X))) en vez de después
# misconception_en: normalises before the sublayer (pre-LN: X + Att(LN(X))) instead of after
# line: 16, 17
# expect: pre_norm
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = X + atencion(layer_norm(X, p["gamma1"], p["beta1"]))
    Hn = layer_norm(H, p["gamma2"], p["beta2"])
    return H + np.maximum(0.0, Hn @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
