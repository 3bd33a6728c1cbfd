# kind: single
# misconception_es: El bucle sobre las posiciones se detiene una antes (range(T - 1)) y deja la última fila a cero.
# misconception_en: The loop over positions stops one early (range(T - 1)) and leaves the last row as zeros.
# line: 17
# expect: loop_skips_last_row
import numpy as np


def normalizar_fila(x, gamma, beta, eps):
    mu = x.mean()
    s = x.std()
    return gamma * (x - mu) / np.sqrt(s**2 + eps) + beta


def layer_norm(X, gamma, beta, eps=1e-5):
    Y = np.zeros_like(X)
    for t in range(X.shape[0] - 1):
        Y[t] = normalizar_fila(X[t], gamma, beta, eps)
    return Y
