# kind: single
# misconception_es: en float32, desviación muestral (ddof=1)
# misconception_en: in float32, sample deviation (ddof=1)
# line: 11
# expect: sample_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    x = X.astype(np.float32)
    s = x.std(axis=1, ddof=1, keepdims=True)
    return (gamma * (x - x.mean(axis=1, keepdims=True)) / np.sqrt(s * s + eps) + beta).astype(np.float32)
