# kind: double
# misconception_es: olvida la primera residual y además el sesgo b2
# misconception_en: forgets the first residual and also the bias b2
# line: 16, 17
# expect: missing_first_residual, missing_bias_b2
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
