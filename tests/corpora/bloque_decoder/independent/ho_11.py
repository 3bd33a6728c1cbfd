# kind: single
# misconception_es: Usas gamma1 y beta1 en las tres normalizaciones; cada subcapa tiene su propia pareja: gamma1/beta1, gamma2/beta2 y gamma3/beta3.
# misconception_en: You use gamma1 and beta1 in all three normalisations; each sublayer has its own pair: gamma1/beta1, gamma2/beta2 and gamma3/beta3.
# line: 18
# expect: norm_pairs_mixed
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    g, b = p["gamma1"], p["beta1"]
    tmp = layer_norm(Y + auto_atencion(Y), g, b)
    tmp = layer_norm(tmp + atencion_cruzada(tmp, memoria), g, b)
    tmp = layer_norm(tmp + np.maximum(0, tmp @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"], g, b)
    return tmp
