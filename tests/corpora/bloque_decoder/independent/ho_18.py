# kind: single
# misconception_es: np.var(..., ddof=1) es la varianza muestral; el layer norm usa la poblacional de la fila, dividiendo entre d_model (np.var sin ddof).
# misconception_en: np.var(..., ddof=1) is the sample variance; layer norm uses the row's population variance, dividing by d_model (np.var without ddof).
# line: 11
# expect: sample_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=1, keepdims=True)
    var = np.var(X, axis=1, ddof=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
