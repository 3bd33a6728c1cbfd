# kind: correct
# misconception_es: Ninguna: máscara y softmax fila a fila con bucles y el módulo math.
# misconception_en: None: mask and softmax row by row with loops and the math module.
# line: none
# expect: none

import math
import numpy as np


def mascara_causal(T):
    return np.array([[0.0 if j <= i else -math.inf for j in range(T)] for i in range(T)])


def atencion(Q, K, V, mascara=None):
    Tq, dk = Q.shape
    Tk = K.shape[0]
    raiz = math.sqrt(dk)
    pesos = np.zeros((Tq, Tk))
    for i in range(Tq):
        fila = [float(np.dot(Q[i], K[j])) / raiz for j in range(Tk)]
        if mascara is not None:
            fila = [e + float(mascara[i][j]) for j, e in enumerate(fila)]
        tope = max(fila)
        exps = [math.exp(e - tope) for e in fila]
        total = math.fsum(exps)
        pesos[i] = [x / total for x in exps]
    salida = pesos @ V
    return salida, pesos
