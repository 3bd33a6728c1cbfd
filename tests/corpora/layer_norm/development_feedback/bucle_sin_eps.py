# kind: single
# misconception_es: Recorre las filas con la media bien calculada, pero divide por la desviación sin ε.
# misconception_en: Walks the rows with the mean computed right, but divides by the deviation without ε.
# line: 17
# step: x_hat
# expect: eps_ignored
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    salida = np.empty(X.shape)
    t = 0
    while t < X.shape[0]:
        fila = X[t]
        m = fila.sum() / fila.size
        v = ((fila - m) ** 2).sum() / fila.size
        z = (fila - m) / v ** 0.5
        salida[t] = gamma * z + beta
        t += 1
    return salida
