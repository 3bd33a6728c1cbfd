# kind: single
# misconception_es: Divide por d_model fuera de la raíz: √(Σ(x − μ_t)²) / d_model en lugar de √(Σ(x − μ_t)² / d_model).
# misconception_en: Divides by d_model outside the root: √(Σ(x − μ_t)²) / d_model instead of √(Σ(x − μ_t)² / d_model).
# line: 13
# step: s
# expect: new:deviation_divided_outside_root
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    n = X.shape[1]
    mu = np.sum(X, axis=1, keepdims=True) / n
    desv = np.sqrt(np.sum((X - mu) ** 2, axis=1, keepdims=True)) / n
    return gamma * ((X - mu) / np.sqrt(desv ** 2 + eps)) + beta
