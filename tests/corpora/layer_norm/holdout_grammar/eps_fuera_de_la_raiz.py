# kind: single
# misconception_es: Suma épsilon a la desviación típica fuera de la raíz, (x - mu)/(s + eps), en lugar de dentro, sqrt(s^2 + eps).
# misconception_en: Adds epsilon to the standard deviation outside the square root, (x - mu)/(s + eps), instead of inside, sqrt(s^2 + eps).
# line: 18
# expect: eps_outside_root
import math

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    T, d = X.shape
    out = np.empty((T, d))
    for t in range(T):
        fila = X[t]
        mu = sum(fila) / d
        s = math.sqrt(sum((x - mu) ** 2 for x in fila) / d)
        out[t] = gamma * (fila - mu) / (s + eps) + beta
    return out
