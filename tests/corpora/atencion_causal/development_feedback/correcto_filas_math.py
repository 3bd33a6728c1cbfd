# kind: correct
# misconception_es: Correcto: cada fila con una lista y math.exp.
# misconception_en: Correct: each row with a list and math.exp.
# line: none
# expect: none
import math

import numpy as np


def mascara_causal(T):
    return np.array([[0.0 if j <= i else -math.inf for j in range(T)] for i in range(T)])


def atencion(Q, K, V, mascara=None):
    d = Q.shape[1]
    pesos = np.zeros((Q.shape[0], K.shape[0]))
    for i in range(Q.shape[0]):
        fila = [float(Q[i] @ K[j]) / math.sqrt(d) for j in range(K.shape[0])]
        if mascara is not None:
            fila = [x + float(mascara[i, j]) for j, x in enumerate(fila)]
        top = max(fila)
        ex = [math.exp(x - top) for x in fila]
        total = sum(ex)
        pesos[i] = [x / total for x in ex]
    return pesos @ V, pesos
