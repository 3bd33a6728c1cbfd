# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[1]
    mu = np.einsum("ij->i", X) / d
    C = X - mu[:, None]
    s2 = np.einsum("ij,ij->i", C, C) / d
    return np.einsum("j,ij->ij", gamma, C / np.sqrt(s2 + eps)[:, None]) + beta
