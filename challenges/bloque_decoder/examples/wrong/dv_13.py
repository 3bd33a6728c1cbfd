# kind: error
# misconception_es: auto_atencion ya es la auto-atención enmascarada y sólo recibe X; la máscara va dentro, no se la pases (TypeError).
# misconception_en: auto_atencion already is the masked self-attention and takes X alone; the mask is inside it, do not pass one (TypeError).
# line: 21
# expect: none
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    T_y = Y.shape[0]
    A = auto_atencion(Y, mascara_causal(T_y))
    H1 = layer_norm(Y + A, p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
