# kind: single
# misconception_es: Normalizas sólo la salida de cada subcapa y sumas la entrada después, x + LayerNorm(Sublayer(x)); la lección normaliza la suma, LayerNorm(x + Sublayer(x)).
# misconception_en: You normalise only each sublayer's output and add the input afterwards, x + LayerNorm(Sublayer(x)); the lesson normalises the sum, LayerNorm(x + Sublayer(x)).
# line: 16
# expect: norm_inside_residual
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def sublayer(x, out, gamma, beta):
    return x + layer_norm(out, gamma, beta)


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    h1 = sublayer(Y, auto_atencion(Y), p["gamma1"], p["beta1"])
    h2 = sublayer(h1, atencion_cruzada(h1, memoria), p["gamma2"], p["beta2"])
    f = np.maximum(0, h2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return sublayer(h2, f, p["gamma3"], p["beta3"])
