# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import numpy as np
from functools import reduce


def layer_norm(X, gamma, beta, eps=1e-5):
    Xc = X - X.mean(1)[:, None]
    return gamma * Xc / np.sqrt((Xc * Xc).mean(1)[:, None] + eps) + beta


def bloque(X, atencion, p):
    relu = lambda z: z * (z > 0)
    ffn = lambda h: relu(h @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    capas = [(atencion, "1"), (ffn, "2")]
    return reduce(lambda h, c: layer_norm(h + c[0](h), p["gamma" + c[1]], p["beta" + c[1]]), capas, X)
