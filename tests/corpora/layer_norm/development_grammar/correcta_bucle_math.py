# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import math

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    T, d = X.shape
    Y = np.zeros((T, d))
    for t in range(T):
        m = sum(X[t, j] for j in range(d)) / d
        v = sum((X[t, j] - m) ** 2 for j in range(d)) / d
        for j in range(d):
            Y[t, j] = gamma[j] * (X[t, j] - m) / math.sqrt(v + eps) + beta[j]
    return Y
