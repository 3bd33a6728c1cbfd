# kind: correct
# misconception_es: Correcto: encadena las dos subcapas con functools.reduce sobre una lista de (subcapa, γ, β).
# misconception_en: Correct: chains the two sublayers with functools.reduce over a list of (sublayer, γ, β).
# line: none
# expect: none
from functools import reduce

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    m = X.mean(1, keepdims=True)
    v = X.var(1, keepdims=True)
    return (X - m) / np.sqrt(v + eps) * gamma + beta


def bloque(X, atencion, p):
    def ffn(Z):
        return np.where(Z @ p["W1"] + p["b1"] > 0, Z @ p["W1"] + p["b1"], 0.0) @ p["W2"] + p["b2"]

    etapas = [(atencion, "gamma1", "beta1"), (ffn, "gamma2", "beta2")]
    return reduce(lambda Z, e: layer_norm(Z + e[0](Z), p[e[1]], p[e[2]]), etapas, X)
