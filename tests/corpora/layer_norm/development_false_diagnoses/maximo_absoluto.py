# kind: single
# misconception_es: Centra la fila pero la escala dividiendo entre el mayor valor absoluto de la fila centrada en lugar de entre su desviación típica.
# misconception_en: Centres the row but scales it by the largest absolute value of the centred row instead of by its standard deviation.
# line: 11
# expect: new:max_abs_as_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    centred = X - X.mean(axis=1, keepdims=True)
    scale = np.abs(centred).max(axis=1, keepdims=True)
    return gamma * centred / np.sqrt(scale**2 + eps) + beta
