# kind: nonsense
# misconception_es: Aplica una exponencial a la fila y la divide por su suma: un softmax, no una normalización.
# misconception_en: Applies an exponential to the row and divides by its sum: a softmax, not a normalisation.
# line: 11
# step: none, centred
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    e = np.exp(X - X.max(axis=1, keepdims=True))
    p = e / e.sum(axis=1, keepdims=True)
    return gamma * p + beta
