# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[1]
    c = X - np.einsum("td->t", X)[:, None] / d
    v = np.einsum("td,td->t", c, c)[:, None] / d
    return np.einsum("d,td->td", gamma, c / np.sqrt(v + eps)) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    z = np.einsum("td,df->tf", H, p["W1"]) + p["b1"]
    F = np.einsum("tf,fd->td", np.where(z > 0, z, 0.0), p["W2"]) + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
