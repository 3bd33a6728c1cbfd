# kind: single
# misconception_es: Cambias de sitio las parejas 2 y 3: la atención cruzada se normaliza con gamma2/beta2 y el perceptrón con gamma3/beta3, una pareja por subcapa en su orden.
# misconception_en: You swapped pairs 2 and 3: the cross-attention is normalised with gamma2/beta2 and the perceptron with gamma3/beta3, one pair per sublayer in order.
# line: 21
# expect: norm_pairs_mixed
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def add_norm(x, sub, gamma, beta):
    return layer_norm(x + sub, gamma, beta)


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    h = add_norm(Y, auto_atencion(Y), p["gamma1"], p["beta1"])
    h = add_norm(h, atencion_cruzada(h, memoria), p["gamma3"], p["beta3"])
    f = np.maximum(0, h @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return add_norm(h, f, p["gamma2"], p["beta2"])
