# kind: single
# misconception_es: La tercera subcapa normaliza FFN(H2) sin sumarle H2; cada subcapa lleva su residual, LayerNorm(H2 + FFN(H2)).
# misconception_en: The third sublayer normalises FFN(H2) without adding H2; every sublayer has its residual, LayerNorm(H2 + FFN(H2)).
# line: 16
# expect: missing_residual
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    return np.stack([gamma * (x - x.mean()) / np.sqrt(x.var() + eps) + beta for x in X])


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    h1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    h2 = layer_norm(h1 + atencion_cruzada(h1, memoria), p["gamma2"], p["beta2"])
    return layer_norm(np.maximum(0, h2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"],
                      p["gamma3"], p["beta3"])
