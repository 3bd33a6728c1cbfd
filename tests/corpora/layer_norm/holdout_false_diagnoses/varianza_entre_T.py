# kind: single
# misconception_es: Al calcular la varianza de la fila divide por T (el número de posiciones) en lugar de por d_model.
# misconception_en: When computing the row variance it divides by T (the number of positions) instead of by d_model.
# line: 15
# expect: new:variance_divided_by_rows

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    T = len(X)
    resultado = []
    for fila in X:
        mu = np.sum(fila) / len(fila)
        var = np.sum((fila - mu) ** 2) / T
        resultado.append((fila - mu) / np.sqrt(var + eps))
    return np.array(resultado) * gamma + beta
