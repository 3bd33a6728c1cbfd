# kind: single
# misconception_es: Cambia el ε por defecto de la firma a 1e-6 en lugar del 1e-5 del enunciado.
# misconception_en: Changes the signature's default ε to 1e-6 instead of the statement's 1e-5.
# line: 9
# expect: eps_default_changed
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-6):
    mu = np.mean(X, axis=1)[:, np.newaxis]
    sd = np.sqrt(np.mean(np.square(X - mu), axis=1)[:, np.newaxis] + eps)
    return gamma * ((X - mu) / sd) + beta
