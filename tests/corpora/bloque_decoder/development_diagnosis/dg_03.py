# kind: single
# misconception_es: En la tercera subcapa sumas H1, la entrada de la primera caja, en lugar de H2: cada subcapa suma lo que entró en ella, LayerNorm(H2 + FFN(H2)).
# misconception_en: In the third sublayer you add H1, the first box's output, instead of H2: each sublayer adds what came into it, LayerNorm(H2 + FFN(H2)).
# line: 29
# expect: residual_adds_another_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[1]
    mu = np.einsum("td->t", X)[:, np.newaxis] / d
    c = X - mu
    var = np.einsum("td,td->t", c, c)[:, np.newaxis] / d
    return np.multiply(gamma, c / np.sqrt(var + eps)) + beta


class Decoder:
    def __init__(self, p):
        self.p = p

    def caja(self, x, salida, k):
        return layer_norm(x + salida, self.p["gamma" + k], self.p["beta" + k])

    def __call__(self, Y, memoria, auto, cruzada):
        p = self.p
        h1 = self.caja(Y, auto(Y), "1")
        h2 = self.caja(h1, cruzada(h1, memoria), "2")
        f = np.maximum(h2 @ p["W1"] + p["b1"], 0) @ p["W2"] + p["b2"]
        return self.caja(h1, f, "3")


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    return Decoder(p)(Y, memoria, auto_atencion, atencion_cruzada)
