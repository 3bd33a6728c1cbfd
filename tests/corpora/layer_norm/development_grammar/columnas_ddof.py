# kind: double
# misconception_es: estadísticas por columna y además ddof=1
# misconception_en: per-column statistics and also ddof=1
# line: 10
# expect: normalizes_by_column, sample_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    media, cuasi = X.mean(axis=0), X.var(axis=0, ddof=1)
    return gamma * (X - media) / np.sqrt(cuasi + eps) + beta
