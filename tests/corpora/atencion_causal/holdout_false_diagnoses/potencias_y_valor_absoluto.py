# kind: nonsense
# misconception_es: Devuelve una máscara identidad multiplicada por T y pesos que son valores absolutos elevados a la longitud; aritmética sin relación con la atención.
# misconception_en: Returns an identity mask times T and weights that are absolute values raised to the length; arithmetic unrelated to attention.
# line: 11, 15, 16, 17
# expect: none

import numpy as np


def mascara_causal(T):
    return np.eye(T) * T


def atencion(Q, K, V, mascara=None):
    base = np.abs(Q[:, :1] - K[:, 0])
    pesos = base ** len(V) / (1.0 + V.max())
    salida = pesos @ V[::-1] + Q.mean()
    return salida, pesos
