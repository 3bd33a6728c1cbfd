# kind: correct
# misconception_es: Correcto: recorre las filas con bucles de Python y math.sqrt y construye el resultado con listas.
# misconception_en: Correct: walks the rows with Python loops and math.sqrt and builds the result from lists.
# line: none
# expect: none
import math

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    filas = []
    for x in X:
        d = len(x)
        media = sum(x) / d
        varianza = sum((v - media) ** 2 for v in x) / d
        denominador = math.sqrt(varianza + eps)
        filas.append([g * (v - media) / denominador + b for v, g, b in zip(x, gamma, beta)])
    return np.array(filas)
