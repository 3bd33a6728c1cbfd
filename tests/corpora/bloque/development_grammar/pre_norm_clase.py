# kind: single
# misconception_es: pre-norm con una clase (X + f(LN(X)))
# misconception_en: pre-norm with a class (X + f(LN(X)))
# line: 20
# expect: pre_norm
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


class PreNorm:
    def __init__(self, f, g, b):
        self.f, self.g, self.b = f, g, b

    def __call__(self, X):
        return X + self.f(layer_norm(X, self.g, self.b))


def bloque(X, atencion, p):
    ffn = lambda H: np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    Y = PreNorm(atencion, p["gamma1"], p["beta1"])(X)
    return PreNorm(ffn, p["gamma2"], p["beta2"])(Y)
