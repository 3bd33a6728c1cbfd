# expect: finite_mask_value
import numpy as np


def mascara_causal(T):
    fila = np.arange(T)[:, None]
    columna = np.arange(T)[None, :]
    return np.where(columna > fila, -10000.0, 0.0)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
