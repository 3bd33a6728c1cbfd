# kind: single
# misconception_es: Intercambia gamma y beta al desempaquetarlos: multiplica por beta y suma gamma.
# misconception_en: Swaps gamma and beta when unpacking them: multiplies by beta and adds gamma.
# line: 11, 14
# step: none, return
# expect: gamma_beta_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    escala, desplazamiento = beta, gamma
    mu = X.mean(axis=1, keepdims=True)
    var = ((X - mu) ** 2).mean(axis=1, keepdims=True)
    return escala * (X - mu) / np.sqrt(var + eps) + desplazamiento
