# kind: correct
# misconception_es: Correcto: la norma de la fila centrada entre √d_model.
# misconception_en: Correct: the centred row's norm over √d_model.
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[1]
    c = X - X.mean(axis=1, keepdims=True)
    s = np.linalg.norm(c, axis=1, keepdims=True) / np.sqrt(d)
    return gamma * c / np.sqrt(s ** 2 + eps) + beta
