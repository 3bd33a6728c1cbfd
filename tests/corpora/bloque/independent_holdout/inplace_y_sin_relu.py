# kind: double
# misconception_es: suma la residual en el sitio sobre X (X += ...) y además olvida la ReLU
# misconception_en: adds the residual in place onto X (X += ...) and also forgets the ReLU
# line: 16, 18
# expect: block_modifies_input, missing_relu
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    X += atencion(X)
    H = layer_norm(X, p["gamma1"], p["beta1"])
    F = (H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
