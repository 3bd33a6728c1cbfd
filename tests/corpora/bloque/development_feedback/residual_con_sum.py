# kind: single
# misconception_es: Escribe la primera suma residual con sum(X, A) de Python, que suma a A todas las filas de X.
# misconception_en: Writes the first residual sum with Python's sum(X, A), which adds every row of X to A.
# line: 17
# step: first_sum
# expect: new:residual_as_reduction
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    A = atencion(X)
    r1 = sum(X, A)
    H = layer_norm(r1, p["gamma1"], p["beta1"])
    F = np.maximum(H @ p["W1"] + p["b1"], 0) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
