# copy_of: tests/corpora/bloque/solutions/sublayer_wrapper.py
# disguise: names renamed, the demo dropped, functions reordered, docstring changed
import numpy as np

print("bloque listo")


def sumar_y_normalizar(Z, capa, g, b):
    """Residual y despues normalizacion."""
    return layer_norm(Z + capa(Z), g, b)


def layer_norm(X, gamma, beta, eps=1e-5):
    centrada = X - np.mean(X, axis=1)[:, np.newaxis]
    desv = np.sqrt(np.mean(centrada**2, axis=1))[:, np.newaxis]
    return gamma * centrada / np.sqrt(desv**2 + eps) + beta


def bloque(X, atencion, p):
    def red(Y):
        escondida = np.dot(Y, p["W1"]) + p["b1"]
        escondida[escondida < 0] = 0.0
        return np.dot(escondida, p["W2"]) + p["b2"]

    Y = sumar_y_normalizar(X, atencion, p["gamma1"], p["beta1"])
    return sumar_y_normalizar(Y, red, p["gamma2"], p["beta2"])
