import math
import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    for i in range(T):
        for j in range(T):
            if j > i:
                M[i, j] = -math.inf
    return M


def atencion(Q, K, V, mascara=None):
    Tq, dk = Q.shape
    Tk = K.shape[0]
    pesos = np.zeros((Tq, Tk))
    for i in range(Tq):
        fila = np.array([Q[i] @ K[j] for j in range(Tk)]) / math.sqrt(dk)
        if mascara is not None:
            fila = fila + mascara[i]
        fila = fila - fila.max()
        e = np.exp(fila)
        pesos[i] = e / e.sum()
    salida = pesos @ V
    return salida, pesos
