# kind: single
# misconception_es: aplica γ y β antes de normalizar (normaliza γ⊙x+β) en vez de después
# misconception_en: applies γ and β before normalising (normalises γ⊙x+β) instead of after
# line: 10
# expect: new:affine_before_normalising
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    Z = gamma * X + beta  # primero la parte afín
    m = Z.mean(axis=1, keepdims=True)
    v = Z.var(axis=1, keepdims=True)
    return (Z - m) / np.sqrt(v + eps)
