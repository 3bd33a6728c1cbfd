# kind: single
# misconception_es: Aplica la variante pre-norm, X + Sublayer(LayerNorm(X)), normalizando lo que entra en cada subcapa en lugar de la suma, LayerNorm(X + Sublayer(X)).
# misconception_en: Applies the pre-norm variant, X + Sublayer(LayerNorm(X)), normalising each sublayer's input instead of the sum, LayerNorm(X + Sublayer(X)).
# line: 20, 21
# expect: pre_norm
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta


def ffn(X, p):
    return np.maximum(0, X @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]


def bloque(X, atencion, p):
    # pre-norm: normalizo lo que entra en cada subcapa
    H = X + atencion(layer_norm(X, p["gamma1"], p["beta1"]))
    return H + ffn(layer_norm(H, p["gamma2"], p["beta2"]), p)
