# kind: single
# misconception_es: Suma √ε a la desviación en lugar de ε dentro de la raíz: s_t + √ε.
# misconception_en: Adds √ε to the deviation instead of ε inside the root: s_t + √ε.
# line: 13
# step: root
# expect: new:sqrt_eps_outside_root
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = np.sqrt(((X - mu) ** 2).mean(axis=1, keepdims=True))
    den = s + np.sqrt(eps)
    return gamma * (X - mu) / den + beta
