# kind: correct
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    rows = []
    for x in X:
        mu = x.mean()
        var = ((x - mu) ** 2).mean()
        rows.append(gamma * (x - mu) / np.sqrt(var + eps) + beta)
    return np.array(rows)


class DecoderBlock:
    def __init__(self, self_attn, cross_attn, params):
        self.self_attn = self_attn
        self.cross_attn = cross_attn
        self.p = params

    def add_norm(self, x, sub_out, k):
        return layer_norm(x + sub_out, self.p["gamma%d" % k], self.p["beta%d" % k])

    def feed_forward(self, h):
        hidden = h @ self.p["W1"] + self.p["b1"]
        return np.where(hidden > 0, hidden, 0.0) @ self.p["W2"] + self.p["b2"]

    def __call__(self, Y, memory):
        h1 = self.add_norm(Y, self.self_attn(Y), 1)
        h2 = self.add_norm(h1, self.cross_attn(h1, memory), 2)
        return self.add_norm(h2, self.feed_forward(h2), 3)


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    return DecoderBlock(auto_atencion, atencion_cruzada, p)(Y, memoria)
