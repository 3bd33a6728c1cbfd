# kind: correct
# misconception_es: Ninguna: normaliza fila a fila con el módulo math dentro de una clase.
# misconception_en: None: normalises row by row with the math module inside a class.
# line: none
# expect: none

import math
import numpy as np


class NormalizadorDeFilas:
    def __init__(self, eps):
        self.eps = eps

    def fila(self, x, g, b):
        n = len(x)
        m = math.fsum(x) / n
        v = math.fsum((xi - m) ** 2 for xi in x) / n
        r = math.sqrt(v + self.eps)
        return [g[j] * (x[j] - m) / r + b[j] for j in range(n)]


def layer_norm(X, gamma, beta, eps=1e-5):
    N = NormalizadorDeFilas(eps)
    return np.array([N.fila(list(x), gamma, beta) for x in X])
