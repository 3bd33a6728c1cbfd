# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import math
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    # fila a fila, como en la lección
    salida = np.empty(X.shape)
    for t, fila in enumerate(X):
        media = sum(fila) / len(fila)
        var = sum((x - media) ** 2 for x in fila) / len(fila)
        salida[t] = (fila - media) / math.sqrt(var + eps)
    return gamma * salida + beta
