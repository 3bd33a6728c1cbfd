# kind: correct
# misconception_es: Correcto: usa np.add.reduce y operaciones con out= sobre una copia de X.
# misconception_en: Correct: uses np.add.reduce and out= operations on a copy of X.
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    Y = np.array(X, dtype=float, copy=True)
    n = Y.shape[1]
    mean_row = np.add.reduce(Y, axis=1, keepdims=True) / n
    np.subtract(Y, mean_row, out=Y)
    second = np.add.reduce(Y * Y, axis=1, keepdims=True) / n
    np.divide(Y, np.sqrt(second + eps), out=Y)
    np.multiply(Y, gamma, out=Y)
    np.add(Y, beta, out=Y)
    return Y
