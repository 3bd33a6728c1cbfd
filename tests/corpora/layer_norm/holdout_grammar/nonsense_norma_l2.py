# kind: nonsense
# misconception_es: Confunde el layer norm con dividir cada fila entre su norma euclídea: ni centra ni usa la desviación típica.
# misconception_en: Confuses layer norm with dividing each row by its Euclidean norm: neither centres nor uses the standard deviation.
# line: 12
# expect: none
import numpy as np
from numpy.linalg import norm


def layer_norm(X, gamma, beta, eps=1e-5):
    # normalizo cada fila para que tenga norma 1
    n = norm(X, axis=1, keepdims=True)
    return gamma * X / (n + eps) + beta
