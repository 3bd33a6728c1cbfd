# kind: correct
# misconception_es: Correcto: un while por filas con math.fsum.
# misconception_en: Correct: a while loop over rows with math.fsum.
# line: none
# expect: none
import math

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    out = np.zeros_like(X, dtype=float)
    i = 0
    while i < len(X):
        row = [float(v) for v in X[i]]
        m = math.fsum(row) / len(row)
        v = math.fsum((x - m) ** 2 for x in row) / len(row)
        out[i] = [(x - m) / math.sqrt(v + eps) for x in row]
        i += 1
    return out * gamma + beta
