# kind: single
# misconception_es: suma β dentro de la fracción (γ(x − μ) + β) / σ
# misconception_en: adds β inside the fraction (γ(x − μ) + β) / σ
# line: 12
# expect: new:beta_inside_division
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X - X.mean(1, keepdims=True)
    numerator = gamma * d + beta
    return numerator / np.sqrt(np.var(X, axis=1, keepdims=True) + eps)
