# kind: single
# misconception_es: Usa la desviación media absoluta de la fila, media de |x - mu_t|, como si fuera la desviación típica s_t.
# misconception_en: Uses the row's mean absolute deviation, mean of |x - mu_t|, as if it were the standard deviation s_t.
# line: 14
# expect: mean_absolute_deviation

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    dev = X - mu
    # desviación típica de la fila
    s = np.abs(dev).mean(axis=1, keepdims=True)
    return gamma * dev / np.sqrt(s ** 2 + eps) + beta
