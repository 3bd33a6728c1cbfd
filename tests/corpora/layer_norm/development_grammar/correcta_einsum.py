# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[-1]
    mu = np.einsum("td->t", X) / d
    c = X - mu[:, None]
    var = np.einsum("td,td->t", c, c) / d
    return np.einsum("d,td->td", gamma, c / np.sqrt(var + eps)[:, None]) + beta
