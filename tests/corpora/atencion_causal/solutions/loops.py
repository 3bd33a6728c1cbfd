import math

import numpy as np


def mascara_causal(T):
    M = np.empty((T, T))
    for i in range(T):
        for j in range(T):
            M[i, j] = -math.inf if j > i else 0.0
    return M


def softmax_fila(fila):
    m = max(fila)
    z = [math.exp(x - m) for x in fila]
    s = sum(z)
    return [x / s for x in z]


def atencion(Q, K, V, mascara=None):
    T_q, d_k = Q.shape
    T_k, d_v = V.shape
    pesos = np.zeros((T_q, T_k))
    salida = np.zeros((T_q, d_v))
    for i in range(T_q):
        fila = []
        for j in range(T_k):
            e = sum(Q[i, c] * K[j, c] for c in range(d_k)) / math.sqrt(d_k)
            if mascara is not None:
                e = e + mascara[i, j]
            fila.append(e)
        pesos[i] = softmax_fila(fila)
        for j in range(T_k):
            if pesos[i, j] != 0.0:
                salida[i] += pesos[i, j] * V[j]
    return salida, pesos
