# kind: single
# misconception_es: Escribe la ReLU con np.max(z, 0), que es el máximo de cada columna (una reducción), no np.maximum.
# misconception_en: Writes the ReLU with np.max(z, 0), which is each column's maximum (a reduction), not np.maximum.
# line: 18
# step: relu
# expect: new:relu_as_reduction
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    z = H @ p["W1"] + p["b1"]
    r = np.max(z, 0)
    F = r @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
