# kind: double
# misconception_es: ε fuera de la raíz y además γ y β intercambiados
# misconception_en: ε outside the root and also γ and β swapped
# line: 12, 13
# expect: eps_outside_root, gamma_beta_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    sd = np.sqrt(((X - mu) ** 2).mean(axis=1, keepdims=True))
    xhat = (X - mu) / (sd + eps)
    return beta * xhat + gamma
