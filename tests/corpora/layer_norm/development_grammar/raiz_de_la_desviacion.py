# kind: single
# misconception_es: mete la desviación (no la varianza) dentro de la raíz: √(s + ε)
# misconception_en: puts the deviation (not the variance) inside the root: √(s + ε)
# line: 12
# expect: new:root_of_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    centre = X - X.mean(axis=1, keepdims=True)
    spread = np.sqrt((centre ** 2).mean(axis=1, keepdims=True))
    return gamma * centre / np.sqrt(spread + eps) + beta
