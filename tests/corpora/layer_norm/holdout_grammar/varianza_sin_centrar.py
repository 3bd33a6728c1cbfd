# kind: single
# misconception_es: Calcula la varianza como la media de los cuadrados de x sin restar antes la media mu_t de la fila.
# misconception_en: Computes the variance as the mean of the squares of x without first subtracting the row mean mu_t.
# line: 11
# expect: second_moment_as_variance
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=1, keepdims=True)
    var = np.mean(X**2, axis=1, keepdims=True)
    return gamma * ((X - mu) / np.sqrt(var + eps)) + beta
