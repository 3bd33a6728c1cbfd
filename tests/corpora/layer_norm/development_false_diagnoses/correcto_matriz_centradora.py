# kind: correct
# misconception_es: Correcto: centra con la matriz I - 11ᵀ/d y escala con la potencia -1/2 de la varianza más ε.
# misconception_en: Correct: centres with the matrix I - 11ᵀ/d and scales by the -1/2 power of the variance plus ε.
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[-1]
    C = np.eye(d) - np.ones((d, d)) / d  # centra cada fila al multiplicar por la derecha
    Xc = X @ C
    var = np.einsum("td,td->t", Xc, Xc)[:, None] / d
    return Xc * (var + eps) ** -0.5 * gamma + beta
