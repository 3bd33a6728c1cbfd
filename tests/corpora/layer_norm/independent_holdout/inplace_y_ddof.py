# kind: double
# misconception_es: modifica la X recibida (X -= mu) y además usa ddof=1
# misconception_en: modifies the received X (X -= mu) and also uses ddof=1
# line: 10, 11
# expect: modifies_input, sample_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    X -= X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, ddof=1, keepdims=True)
    return gamma * X / np.sqrt(s**2 + eps) + beta
