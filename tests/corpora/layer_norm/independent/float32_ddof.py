# kind: single
# misconception_es: en float32 y con ddof=1
# misconception_en: in float32 and with ddof=1
# line: 12
# expect: sample_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    X32 = X.astype(np.float32)
    mu = X32.mean(axis=1, keepdims=True)
    s = X32.std(axis=1, keepdims=True, ddof=1)
    return (gamma * (X32 - mu) / np.sqrt(s**2 + eps) + beta).astype(np.float32)
