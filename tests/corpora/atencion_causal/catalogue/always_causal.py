# expect: masks_cross_attention
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    # el decoder no puede mirar el futuro, así que tacho siempre
    M = mascara if mascara is not None else np.triu(np.full((len(Q), len(K)), -np.inf), 1)
    E = Q @ K.T / np.sqrt(Q.shape[1]) + M
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
