# kind: single
# misconception_es: En la segunda suma residual suma la X de entrada en lugar de H.
# misconception_en: In the second residual sum it adds the input X instead of H.
# line: 19
# step: second_sum
# expect: second_residual_adds_input
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    W1, b1, W2, b2 = (p[k] for k in ("W1", "b1", "W2", "b2"))
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0, H @ W1 + b1) @ W2 + b2
    suma = X + F
    return layer_norm(suma, p["gamma2"], p["beta2"])
