# kind: single
# misconception_es: Suma ε a la desviación, fuera de la raíz: (x − μ_t) / (s_t + ε).
# misconception_en: Adds ε to the deviation, outside the root: (x − μ_t) / (s_t + ε).
# line: 13
# step: x_hat
# expect: eps_outside_root
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    media = np.mean(X, axis=1)[:, np.newaxis]
    desv = np.sqrt(np.mean(np.square(X - media), axis=1))[:, np.newaxis]
    xn = (X - media) / (desv + eps)
    return xn * gamma + beta
