# kind: correct
# misconception_es: ninguna (bucles y math.exp)
# misconception_en: none (loops and math.exp)
# line: none
# expect: none
import math
import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    for i in range(T):
        for j in range(i + 1, T):
            M[i, j] = -math.inf
    return M


def atencion(Q, K, V, mascara=None):
    Tq, dk = Q.shape
    pesos = np.zeros((Tq, K.shape[0]))
    for i in range(Tq):
        fila = [float(Q[i] @ K[j]) / math.sqrt(dk) for j in range(K.shape[0])]
        if mascara is not None:
            fila = [f + float(mascara[i, j]) for j, f in enumerate(fila)]
        top = max(fila)
        ex = [math.exp(f - top) for f in fila]
        pesos[i] = [e / sum(ex) for e in ex]
    return pesos @ V, pesos
