# kind: single
# misconception_es: bucle por filas, escala por √d_v
# misconception_en: loop over rows, scales by √d_v
# line: 17
# expect: scales_by_value_width
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    Tq = Q.shape[0]
    pesos = np.zeros((Tq, K.shape[0]))
    for i in range(Tq):
        s = K @ Q[i] / np.sqrt(V.shape[1])
        if mascara is not None:
            s = s + mascara[i]
        s = np.exp(s - s.max())
        pesos[i] = s / s.sum()
    return pesos @ V, pesos
