# kind: single
# misconception_es: comprensión de listas que divide la suma de cuadrados entre d-1
# misconception_en: a list comprehension that divides the sum of squares by d-1
# line: 13
# expect: sample_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    filas = []
    for x in X:
        m = sum(x) / len(x)
        v = sum([(xi - m) ** 2 for xi in x]) / (len(x) - 1)
        filas.append([(xi - m) / (v + eps) ** 0.5 for xi in x])
    return gamma * np.array(filas) + beta
