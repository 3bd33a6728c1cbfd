# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    media = X.mean(axis=1, keepdims=True)
    desv = X.std(axis=1, keepdims=True)
    return gamma * (X - media) / np.sqrt(desv**2 + eps) + beta


class Subcapa:
    """x + f(x), normalizado: la misma envoltura las dos veces."""

    def __init__(self, f, gamma, beta):
        self.f, self.gamma, self.beta = f, gamma, beta

    def __call__(self, X):
        return layer_norm(X + self.f(X), self.gamma, self.beta)


def bloque(X, atencion, p):
    ffn = lambda H: np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    H = Subcapa(atencion, p["gamma1"], p["beta1"])(X)
    return Subcapa(ffn, p["gamma2"], p["beta2"])(H)
