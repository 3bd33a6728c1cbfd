# kind: single
# misconception_es: Divide la fila centrada entre la varianza más épsilon, s_t^2 + eps, olvidando la raíz cuadrada.
# misconception_en: Divides the centred row by the variance plus epsilon, s_t^2 + eps, forgetting the square root.
# line: 13
# expect: divides_by_variance
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    d_model = X.shape[1]
    mu = X.sum(axis=1, keepdims=True) / d_model
    s2 = ((X - mu) ** 2).sum(axis=1, keepdims=True) / d_model
    x_hat = (X - mu) / (s2 + eps)
    return gamma * x_hat + beta
