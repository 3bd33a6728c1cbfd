# kind: correct
# misconception_es: ninguna (opera en el sitio sobre su propia copia)
# misconception_en: none (works in place on its own copy)
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    Y = np.array(X, dtype=float)  # copia mía: aquí sí puedo escribir
    Y -= Y.mean(axis=1).reshape(-1, 1)
    Y /= np.sqrt((Y**2).mean(axis=1).reshape(-1, 1) + eps)
    Y *= gamma
    Y += beta
    return Y
