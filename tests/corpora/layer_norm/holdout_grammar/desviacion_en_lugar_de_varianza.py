# kind: single
# misconception_es: Pone la desviación típica s_t bajo la raíz en lugar de su cuadrado s_t^2, dividiendo entre sqrt(s_t + eps).
# misconception_en: Puts the standard deviation s_t under the square root instead of its square s_t^2, dividing by sqrt(s_t + eps).
# line: 12
# expect: root_of_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.mean(X, axis=1, keepdims=True)
    s = np.std(X, axis=1, keepdims=True)
    x_norm = (X - mu) / np.sqrt(s + eps)
    return gamma * x_norm + beta
