# kind: double
# misconception_es: Resta la media de cada columna en lugar de la de cada fila, y además se olvida de sumar beta al final.
# misconception_en: Subtracts each column's mean instead of each row's, and also forgets to add beta at the end.
# line: 12, 14
# expect: statistics_on_different_axes, missing_beta

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    # media de cada feature
    mu = np.array([X[:, j].mean() for j in range(X.shape[1])])
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps)
