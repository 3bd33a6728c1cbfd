import numpy as np


def mascara_causal(T):
    return np.where(np.tri(T, dtype=bool), 0.0, -np.inf)


def _log_softmax(E):
    m = np.max(E, axis=1, keepdims=True)
    return E - (m + np.log(np.sum(np.exp(E - m), axis=1, keepdims=True)))


def atencion(Q, K, V, mascara=None):
    E = np.dot(Q, K.T) * (1.0 / np.sqrt(Q.shape[-1]))
    if mascara is not None:
        E = E + mascara
    pesos = np.exp(_log_softmax(E))
    return np.dot(pesos, V), pesos
