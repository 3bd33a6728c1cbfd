# kind: correct
# misconception_es: Correcto: construye la máscara con bucles y float('-inf') y calcula la atención fila a fila.
# misconception_en: Correct: builds the mask with loops and float('-inf') and computes attention row by row.
# line: none
# expect: none
import math

import numpy as np


def mascara_causal(T):
    return np.array([[0.0 if j <= i else float("-inf") for j in range(T)] for i in range(T)])


def atencion(Q, K, V, mascara=None):
    T_q, d_k = Q.shape
    T_k = K.shape[0]
    pesos = np.zeros((T_q, T_k))
    for i in range(T_q):
        fila = np.array([Q[i] @ K[j] for j in range(T_k)]) / math.sqrt(d_k)
        if mascara is not None:
            fila = fila + mascara[i]
        fila = np.exp(fila - fila.max())
        pesos[i] = fila / fila.sum()
    salida = pesos @ V
    return salida, pesos
