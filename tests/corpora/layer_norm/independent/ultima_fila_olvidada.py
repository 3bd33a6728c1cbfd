# kind: single
# misconception_es: el bucle se salta la última fila (range(T-1)): queda sin normalizar
# misconception_en: the loop skips the last row (range(T-1)): it stays unnormalised
# line: 12
# expect: new:loop_skips_last_row
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    Y = X.astype(float).copy()
    T = X.shape[0]
    for t in range(T - 1):
        m = Y[t].mean()
        Y[t] = (Y[t] - m) / np.sqrt(Y[t].var() + eps)
    return gamma * Y + beta
