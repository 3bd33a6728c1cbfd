# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    # media y varianza por fila; (v + eps) ** -0.5 es 1/sqrt
    m = np.mean(X, axis=-1)[:, np.newaxis]
    v = np.mean(np.square(X - m), axis=-1)[:, np.newaxis]
    inv = (v + eps) ** -0.5
    return (X - m) * inv * gamma + beta
