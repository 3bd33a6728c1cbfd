# kind: single
# misconception_es: Aplica también una ReLU a la salida de la atención antes de sumarla, como si toda subcapa llevara ReLU.
# misconception_en: Also applies a ReLU to the attention output before adding it, as if every sublayer had a ReLU.
# line: 15
# expect: new:relu_on_attention
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(((X - mu) ** 2).mean(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    A = np.maximum(0.0, atencion(X))
    H = layer_norm(X + A, p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
