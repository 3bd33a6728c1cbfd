# kind: correct
# misconception_es: Ninguna: trabaja sobre una copia con einsum y operaciones in situ.
# misconception_en: None: works on a copy with einsum and in-place operations.
# line: none
# expect: none

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    X = np.array(X, dtype=np.float64, copy=True)  # copia: no toco la entrada
    d = X.shape[-1]
    uno = np.ones(d) / d
    mu = np.einsum("td,d->t", X, uno)
    X -= mu[:, np.newaxis]
    s2 = np.einsum("td,td->t", X, X) / d
    X /= np.sqrt(s2 + eps)[:, np.newaxis]
    X *= gamma
    X += beta
    return X
