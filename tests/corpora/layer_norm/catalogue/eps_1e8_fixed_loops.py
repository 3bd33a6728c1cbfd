# expect: eps_fixed
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    out = np.empty_like(X, dtype=float)
    for t in range(X.shape[0]):
        fila = X[t]
        m = fila.mean()
        v = ((fila - m) ** 2).mean()
        out[t] = gamma * (fila - m) / np.sqrt(v + 1e-8) + beta
    return out
