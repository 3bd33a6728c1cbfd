# copy_of: tests/corpora/layer_norm/solutions/var_helpers.py
# disguise: helpers renamed and defined in another order, docstring changed
"""Normalizacion de capa."""

import numpy as np


def var_filas(A):
    return np.var(A, axis=-1, keepdims=True)


def estandariza(A, e):
    return (A - prom_filas(A)) / np.sqrt(var_filas(A) + e)


def prom_filas(A):
    return np.mean(A, axis=-1, keepdims=True)


def layer_norm(X, gamma, beta, eps=1e-5):
    X = np.asarray(X, dtype=np.float64)
    return estandariza(X, eps) * gamma + beta
