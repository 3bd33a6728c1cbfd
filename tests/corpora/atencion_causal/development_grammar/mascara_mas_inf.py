# kind: single
# misconception_es: pone +∞ en el futuro
# misconception_en: puts +∞ in the future
# line: 10
# expect: new:mask_positive_infinity
import numpy as np


def mascara_causal(T):
    return np.where(np.arange(T)[None, :] > np.arange(T)[:, None], np.inf, 0.0)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
