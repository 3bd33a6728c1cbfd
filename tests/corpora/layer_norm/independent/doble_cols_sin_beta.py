# kind: double
# misconception_es: normaliza por columnas y además olvida β
# misconception_en: normalises per column and also forgets β
# line: 10, 11, 12
# expect: normalizes_by_column, missing_beta
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=0)
    s = X.std(axis=0)
    return gamma * (X - mu) / np.sqrt(s**2 + eps)
