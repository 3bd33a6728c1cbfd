# kind: correct
# misconception_es: Correcto: una clase Bloque con __call__, que envuelve cada subcapa en un método propio.
# misconception_en: Correct: a Bloque class with __call__ that wraps each sublayer in a method of its own.
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=-1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(((X - mu) ** 2).mean(axis=-1, keepdims=True) + eps) + beta


class Bloque:
    def __init__(self, atencion, p):
        self.atencion, self.p = atencion, p

    def _subcapa(self, X, f, g, b):
        return layer_norm(X + f(X), self.p[g], self.p[b])

    def _ffn(self, H):
        oculta = np.maximum(H @ self.p["W1"] + self.p["b1"], 0)
        return oculta @ self.p["W2"] + self.p["b2"]

    def __call__(self, X):
        H = self._subcapa(X, self.atencion, "gamma1", "beta1")
        return self._subcapa(H, self._ffn, "gamma2", "beta2")


def bloque(X, atencion, p):
    return Bloque(atencion, p)(X)
