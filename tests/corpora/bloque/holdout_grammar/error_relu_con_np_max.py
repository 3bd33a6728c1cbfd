# kind: error
# misconception_es: Escribe la ReLU con np.max(0, z), que es una reducción y no el máximo elemento a elemento, y la función lanza una excepción.
# misconception_en: Writes ReLU as np.max(0, z), which is a reduction rather than the element-wise maximum, so the function raises.
# line: 16
# expect: none
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    oculta = np.max(0, H @ p["W1"] + p["b1"])
    F = oculta @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
