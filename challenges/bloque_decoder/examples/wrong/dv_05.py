# kind: single
# misconception_es: A la tercera subcapa le falta el perceptrón por posiciones: la caja «Suma y layer norm» normaliza H2 + FFN(H2), no H2 sola.
# misconception_en: The third sublayer is missing the position-wise perceptron: the 'Add & norm' box normalises H2 + FFN(H2), not H2 alone.
# line: 21
# expect: missing_ffn
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    # 1. auto-atencion enmascarada
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    # 2. atencion cruzada
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    # 3. suma y layer norm
    return layer_norm(H2, p["gamma3"], p["beta3"])
