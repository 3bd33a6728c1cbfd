# kind: nonsense
# misconception_es: ninguna nombrable: el resultado correcto más una perturbación arbitraria
# misconception_en: none nameable: the right result plus an arbitrary perturbation
# line: 13
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    y = gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
    return y + 1e-3 * np.tanh(X)
