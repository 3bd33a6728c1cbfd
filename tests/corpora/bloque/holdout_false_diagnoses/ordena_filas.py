# kind: nonsense
# misconception_es: Ordena las filas, eleva al cubo, hace la diagonal de W1 W2 y le suma exponenciales de b1; nada de suma residual, normalización ni perceptrón.
# misconception_en: Sorts the rows, cubes them, takes the diagonal of W1 W2 and adds exponentials of b1; no residual sum, normalisation or perceptron.
# line: 11, 15, 16, 17
# expect: none

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    return np.sort(X, axis=1) ** 3 * gamma + beta * eps


def bloque(X, atencion, p):
    diag = np.diag(p["W1"] @ p["W2"])
    Z = layer_norm(X + diag, p["gamma2"], p["beta1"])
    return Z - np.exp(p["b1"]).mean() * atencion(X)[::-1]
