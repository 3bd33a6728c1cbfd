# kind: nonsense
# misconception_es: ninguna nombrable: mezcla γ con el índice de la fila
# misconception_en: none nameable: mixes γ with the row index
# line: 13
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    xh = (X - mu) / np.sqrt(var + eps)
    scale = gamma * (1 + 1e-3 * np.arange(X.shape[0])[:, None])
    return scale * xh + beta
