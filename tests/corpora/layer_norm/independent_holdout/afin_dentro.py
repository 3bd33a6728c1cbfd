# kind: single
# misconception_es: suma β antes de dividir (γ⊙(x−μ)+β, todo entre la desviación)
# misconception_en: adds β before dividing (γ⊙(x−μ)+β, all over the deviation)
# line: 12
# expect: new:beta_inside_division
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return (gamma * (X - mu) + beta) / np.sqrt(var + eps)
