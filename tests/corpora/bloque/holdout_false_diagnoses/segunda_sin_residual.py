# kind: single
# misconception_es: En la segunda subcapa normaliza sólo la salida del perceptrón, LayerNorm(FFN(H)), sin sumarle la entrada H.
# misconception_en: In the second sublayer it normalises only the perceptron's output, LayerNorm(FFN(H)), without adding the input H.
# line: 26
# expect: missing_second_residual

import numpy as np


class BloqueEncoder:
    def __init__(self, p):
        self.p = p

    @staticmethod
    def ln(X, g, b, eps=1e-5):
        m = X.mean(axis=-1, keepdims=True)
        v = X.var(axis=-1, keepdims=True)
        return g * (X - m) / np.sqrt(v + eps) + b

    def ffn(self, H):
        oculto = np.maximum(0.0, H @ self.p["W1"] + self.p["b1"])
        return oculto @ self.p["W2"] + self.p["b2"]

    def forward(self, X, atencion):
        H = self.ln(X + atencion(X), self.p["gamma1"], self.p["beta1"])
        return self.ln(self.ffn(H), self.p["gamma2"], self.p["beta2"])


def layer_norm(X, gamma, beta, eps=1e-5):
    return BloqueEncoder.ln(X, gamma, beta, eps)


def bloque(X, atencion, p):
    return BloqueEncoder(p).forward(X, atencion)
