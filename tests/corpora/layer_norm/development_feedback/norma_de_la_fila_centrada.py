# kind: single
# misconception_es: Usa la norma euclídea de la fila centrada como desviación: le falta dividir por d_model dentro de la raíz.
# misconception_en: Uses the Euclidean norm of the centred row as the deviation: it lacks the division by d_model inside the root.
# line: 12
# step: s
# expect: variance_sum_not_mean
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    centrada = X - np.expand_dims(X.mean(1), 1)
    largo = np.linalg.norm(centrada, axis=1, keepdims=True)
    return gamma * centrada / np.sqrt(largo ** 2 + eps) + beta
