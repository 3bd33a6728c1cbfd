# kind: single
# misconception_es: devuelve H: olvida la segunda subcapa entera
# misconception_en: returns H: forgets the whole second sublayer
# line: 17
# expect: new:missing_second_sublayer
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    return H
