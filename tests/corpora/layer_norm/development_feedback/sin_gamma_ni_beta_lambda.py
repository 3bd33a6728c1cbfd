# kind: single
# misconception_es: Devuelve la fila normalizada sin aplicar gamma ni beta.
# misconception_en: Returns the normalised row without applying gamma or beta.
# line: 13
# step: return
# expect: gamma_beta_ignored
import numpy as np

normalizar = lambda A, e: (A - A.mean(1, keepdims=True)) / np.sqrt(A.var(1, keepdims=True) + e)


def layer_norm(X, gamma, beta, eps=1e-5):
    return normalizar(X, eps)
