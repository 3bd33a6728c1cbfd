# kind: single
# misconception_es: En la atención cruzada falta la suma residual: se normaliza H1 + atencion_cruzada(H1, memoria), no la atención sola; sin ella se pierde lo que venía de la primera subcapa.
# misconception_en: The cross-attention is missing its residual: you normalise H1 + atencion_cruzada(H1, memoria), not the attention alone; without it what came from the first sublayer is lost.
# line: 17
# expect: missing_residual
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    resultado = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    resultado = layer_norm(atencion_cruzada(resultado, memoria), p["gamma2"], p["beta2"])
    oculta = np.maximum(0, resultado @ p["W1"] + p["b1"])
    resultado = layer_norm(resultado + oculta @ p["W2"] + p["b2"], p["gamma3"], p["beta3"])
    return resultado
