# kind: single
# misconception_es: multiplica por la desviación en vez de dividir
# misconception_en: multiplies by the deviation instead of dividing
# line: 12
# expect: new:multiplies_by_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(1, keepdims=True)
    var = X.var(1, keepdims=True)
    return gamma * (X - mu) * np.sqrt(var + eps) + beta
