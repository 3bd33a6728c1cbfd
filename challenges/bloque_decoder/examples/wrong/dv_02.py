# kind: single
# misconception_es: Tu layer_norm promedia cada coordenada a lo largo de las posiciones (axis=0), que es la normalización por batch; la media y la desviación son las de las d_model coordenadas de cada fila.
# misconception_en: Your layer_norm averages each coordinate across the positions (axis=0), which is batch normalisation; the mean and deviation are those of each row's d_model coordinates.
# line: 10
# expect: normalizes_by_column
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=0, keepdims=True)
    var = np.mean((X - mu) ** 2, axis=0, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
