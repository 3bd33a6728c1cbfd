# kind: single
# misconception_es: Olvida el sesgo b1 de la primera capa del perceptrón.
# misconception_en: Forgets the bias b1 of the perceptron's first layer.
# line: 17
# step: hidden
# expect: missing_bias_b1
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    oculta = np.tensordot(H, p["W1"], axes=1)
    F = np.tensordot(np.clip(oculta, 0, None), p["W2"], axes=1) + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
