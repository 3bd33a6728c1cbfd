# kind: nonsense
# misconception_es: ninguna nombrable: suma a cada fila un desplazamiento pequeño distinto
# misconception_en: none nameable: adds a small different offset to each row
# line: 13
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    out = gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
    out += 0.002 * np.cos(np.arange(X.shape[0]))[:, None]
    return out
