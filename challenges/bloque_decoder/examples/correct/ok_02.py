# kind: correct
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    centrada = X - X.mean(axis=-1, keepdims=True)
    var = (centrada ** 2).mean(axis=-1, keepdims=True)
    return gamma * centrada / np.sqrt(var + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    def ffn(x):
        return np.maximum(0, x @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]

    subcapas = [
        auto_atencion,                          # 1: auto-atencion enmascarada
        lambda x: atencion_cruzada(x, memoria), # 2: consultas de x, claves y valores de la memoria
        ffn,                                    # 3: perceptron por posiciones
    ]
    x = Y
    for k, subcapa in enumerate(subcapas, start=1):
        x = layer_norm(x + subcapa(x), p[f"gamma{k}"], p[f"beta{k}"])
    return x
