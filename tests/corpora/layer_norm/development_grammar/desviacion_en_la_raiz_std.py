# kind: single
# misconception_es: usa np.std dentro de la raíz como si fuera la varianza
# misconception_en: uses np.std inside the root as if it were the variance
# line: 11
# expect: new:root_of_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    sd = np.std(X, axis=1, keepdims=True)
    return gamma * (X - np.mean(X, axis=1, keepdims=True)) / np.sqrt(sd + eps) + beta
