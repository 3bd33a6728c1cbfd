import numpy as np


def mascara_causal(T):
    """Matriz T x T: 0 donde se puede mirar y -inf en el futuro."""
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    """Atencion de producto interno con mascara opcional."""
    e = Q @ K.T
    if mascara is not None:
        e = e + mascara
    e = e - e.max(axis=1, keepdims=True)
    alpha = np.exp(e)
    alpha /= alpha.sum(axis=1, keepdims=True)
    return alpha @ V, alpha
