# kind: double
# misconception_es: Divide entre la varianza más ε sin la raíz cuadrada y además olvida sumar β.
# misconception_en: Divides by the variance plus ε without the square root and also forgets to add β.
# line: 12
# expect: divides_by_variance, missing_beta
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    centrado = X - X.mean(axis=1, keepdims=True)
    varianza = (centrado**2).mean(axis=1, keepdims=True)
    return gamma * centrado / (varianza + eps)
