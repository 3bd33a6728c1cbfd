# kind: double
# misconception_es: Olvida el sesgo b2 del perceptrón y además, en el layer norm, suma épsilon fuera de la raíz, (x - mu)/(s + eps).
# misconception_en: Forgets the perceptron's bias b2 and also, in the layer norm, adds epsilon outside the square root, (x - mu)/(s + eps).
# line: 12, 17
# expect: missing_bias_b2, eps_outside_root
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / (s + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0, H @ p["W1"] + p["b1"]) @ p["W2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
