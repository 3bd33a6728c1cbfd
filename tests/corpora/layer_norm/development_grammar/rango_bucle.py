# kind: single
# misconception_es: divide por el rango (máx − mín) de la fila
# misconception_en: divides by the row's range (max − min)
# line: 13
# expect: new:range_as_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    rows = []
    for x in X:
        mean = x.mean()
        spread = np.ptp(x)
        rows.append(gamma * (x - mean) / (spread + eps) + beta)
    return np.array(rows)
