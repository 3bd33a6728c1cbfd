# copy_of: tests/corpora/atencion_causal/solutions/helpers_and_prints.py
# disguise: helpers renamed and reordered, the prints and the demo changed
"""Reto de la mascara."""

import numpy as np


def scores(Q, K):
    return (Q @ K.T) / np.sqrt(K.shape[1])


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def softmax_filas(S):
    S = S - S.max(axis=1, keepdims=True)
    ex = np.exp(S)
    return ex / ex.sum(axis=1, keepdims=True)


def atencion(Q, K, V, mascara=None):
    S = scores(Q, K)
    if mascara is not None:
        S = S + mascara
    w = softmax_filas(S)
    return w @ V, w


if __name__ == "__main__":
    S = np.array([[1.0, 2.0, 0.0], [0.5, 1.0, 3.0], [2.0, 0.0, 1.0]])
    print(softmax_filas(S + mascara_causal(3)).sum(axis=1))
