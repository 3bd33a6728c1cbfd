# kind: single
# misconception_es: Usa gamma1 y beta1 también en el layer norm de la segunda subcapa en lugar de gamma2 y beta2.
# misconception_en: Uses gamma1 and beta1 in the second sublayer's layer norm too, instead of gamma2 and beta2.
# line: 18
# expect: one_norm_pair_for_both
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta


def bloque(X, atencion, p):
    gamma, beta = p["gamma1"], p["beta1"]
    x = layer_norm(X + atencion(X), gamma, beta)
    ff = np.maximum(0, x @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(x + ff, gamma, beta)
