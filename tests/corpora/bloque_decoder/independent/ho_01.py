# kind: single
# misconception_es: Las consultas tienen que salir de lo escrito y las claves y valores de la memoria: atencion_cruzada(h, memoria), no atencion_cruzada(memoria, h), que devuelve T_x filas.
# misconception_en: The queries must come from what has been written and the keys and values from the memory: atencion_cruzada(h, memoria), not atencion_cruzada(memoria, h), which returns T_x rows.
# line: 24
# expect: memory_and_queries_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mean = X.mean(axis=-1, keepdims=True)
    var = X.var(axis=-1, keepdims=True)
    return gamma * (X - mean) / np.sqrt(var + eps) + beta


class Decoder:
    def __init__(self, self_attn, cross_attn, p):
        self.self_attn, self.cross_attn, self.p = self_attn, cross_attn, p

    def norm(self, x, k):
        return layer_norm(x, self.p[f"gamma{k}"], self.p[f"beta{k}"])

    def forward(self, y, memory):
        h = self.norm(y + self.self_attn(y), 1)
        h = self.norm(h + self.cross_attn(memory, h), 2)
        z = np.maximum(0, h @ self.p["W1"] + self.p["b1"])
        return self.norm(h + z @ self.p["W2"] + self.p["b2"], 3)


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    return Decoder(auto_atencion, atencion_cruzada, p).forward(Y, memoria)
