# kind: single
# misconception_es: suma ε a la desviación, fuera de la raíz
# misconception_en: adds ε to the deviation, outside the root
# line: 12
# expect: eps_outside_root
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    c = X - X.mean(axis=1)[:, np.newaxis]
    sd = np.sqrt(np.einsum("ij,ij->i", c, c) / c.shape[1])[:, np.newaxis]
    return np.einsum("j,ij->ij", gamma, c / (sd + eps)) + beta
