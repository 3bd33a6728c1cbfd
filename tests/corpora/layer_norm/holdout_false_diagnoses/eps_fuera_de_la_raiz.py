# kind: single
# misconception_es: Suma epsilon a la desviación típica fuera de la raíz, s_t + eps, en lugar de dentro, sqrt(s_t^2 + eps).
# misconception_en: Adds epsilon to the standard deviation outside the square root, s_t + eps, instead of inside, sqrt(s_t^2 + eps).
# line: 19
# expect: eps_outside_root

import numpy as np
import math


def layer_norm(X, gamma, beta, eps=1e-5):
    T, d = X.shape
    out = np.zeros((T, d))
    for t in range(T):
        fila = X[t]
        mu = sum(fila) / d
        var = sum((x - mu) ** 2 for x in fila) / d
        s = math.sqrt(var)
        out[t] = gamma * (fila - mu) / (s + eps)
        out[t] += beta
    return out
