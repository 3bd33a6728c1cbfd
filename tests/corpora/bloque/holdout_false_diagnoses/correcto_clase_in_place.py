# kind: correct
# misconception_es: Ninguna: una clase con métodos y sumas in situ sobre copias, con la ReLU escrita con np.clip.
# misconception_en: None: a class with methods and in-place sums on copies, with the ReLU written with np.clip.
# line: none
# expect: none

import numpy as np


class EncoderBlock:
    def __init__(self, params, eps=1e-5):
        self.params = params
        self.eps = eps

    def norm(self, Z, g, b):
        Z = Z.astype(np.float64)  # astype devuelve copia
        Z -= Z.mean(axis=1, keepdims=True)
        Z /= np.sqrt((Z ** 2).mean(axis=1, keepdims=True) + self.eps)
        Z *= g
        Z += b
        return Z

    def feed_forward(self, H):
        P = self.params
        hidden = np.clip(H @ P["W1"] + P["b1"], 0.0, None)
        return np.dot(hidden, P["W2"]) + P["b2"]

    def __call__(self, X, attn):
        P = self.params
        S = attn(X) + X
        H = self.norm(S, P["gamma1"], P["beta1"])
        S2 = self.feed_forward(H)
        S2 += H
        return self.norm(S2, P["gamma2"], P["beta2"])


def layer_norm(X, gamma, beta, eps=1e-5):
    return EncoderBlock({}, eps).norm(X, gamma, beta)


def bloque(X, atencion, p):
    return EncoderBlock(p)(X, atencion)
