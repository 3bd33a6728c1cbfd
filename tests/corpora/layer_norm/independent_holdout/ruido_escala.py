# kind: nonsense
# misconception_es: ninguna nombrable: multiplica el resultado por 1.0007
# misconception_en: none nameable: multiplies the result by 1.0007
# line: 13
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    y = (X - mu) / np.sqrt(var + eps)
    y = y * 1.0007
    return gamma * y + beta
