# kind: single
# misconception_es: suma ε fuera de la raíz (a la desviación) en vez de dentro, a la varianza
# misconception_en: adds ε outside the square root (to the deviation) instead of inside, to the variance
# line: 11
# expect: eps_outside_root
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    media = X.mean(axis=-1, keepdims=True)
    desv = X.std(axis=-1, keepdims=True)
    xn = (X - media) / (desv + eps)  # ε para no dividir entre cero
    return xn * gamma + beta
