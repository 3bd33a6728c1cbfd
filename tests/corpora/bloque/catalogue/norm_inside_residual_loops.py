# expect: norm_inside_residual
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    out = []
    for fila in X:
        m = fila.mean()
        out.append(gamma * (fila - m) / np.sqrt(fila.var() + eps) + beta)
    return np.array(out)


def bloque(X, atencion, p):
    H = X + layer_norm(atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return H + layer_norm(F, p["gamma2"], p["beta2"])
