# kind: single
# misconception_es: Normaliza antes de la subcapa (pre-norm): X + Sub(LayerNorm(X)), con una función envoltorio.
# misconception_en: Normalises before the sublayer (pre-norm): X + Sub(LayerNorm(X)), through a wrapping function.
# line: 17
# step: first_sum, A
# expect: pre_norm
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    def envolver(Y, subcapa, g, b):
        return Y + subcapa(layer_norm(Y, g, b))

    ffn = lambda Z: np.maximum(0, Z @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    Y = envolver(X, atencion, p["gamma1"], p["beta1"])
    return envolver(Y, ffn, p["gamma2"], p["beta2"])
