# kind: single
# misconception_es: Suma el sesgo b1 después de la ReLU, ReLU(XW1) + b1, en lugar de dentro, ReLU(XW1 + b1).
# misconception_en: Adds the bias b1 after the ReLU, ReLU(XW1) + b1, instead of inside it, ReLU(XW1 + b1).
# line: 15
# expect: bias_after_relu
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta


def ffn(H, W1, b1, W2, b2):
    hidden = np.maximum(0, H @ W1) + b1
    return hidden @ W2 + b2


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = ffn(H, p["W1"], p["b1"], p["W2"], p["b2"])
    return layer_norm(H + F, p["gamma2"], p["beta2"])
