# kind: nonsense
# misconception_es: Confunde el layer norm con un softmax por filas: exponencia y divide entre la suma.
# misconception_en: Confuses layer norm with a row softmax: exponentiates and divides by the sum.
# line: 10
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    e = np.exp(X - X.max(axis=1, keepdims=True))
    return gamma * e / (e.sum(axis=1, keepdims=True) + eps) + beta
