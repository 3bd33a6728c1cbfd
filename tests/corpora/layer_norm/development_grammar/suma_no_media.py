# kind: single
# misconception_es: la varianza suma los cuadrados sin dividir entre d_model
# misconception_en: the variance sums the squares without dividing by d_model
# line: 13
# expect: new:variance_sum_not_mean
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    out = np.empty_like(X, dtype=float)
    for t, row in enumerate(X):
        m = sum(row) / len(row)
        v = sum((x - m) ** 2 for x in row)
        out[t] = gamma * (row - m) / (v + eps) ** 0.5 + beta
    return out
