# kind: single
# misconception_es: pone −1e9 en vez de −∞ en la máscara
# misconception_en: puts −1e9 instead of −∞ in the mask
# line: 10
# expect: finite_mask_value
import numpy as np


def mascara_causal(T):
    return np.triu(np.ones((T, T)), k=1) * -1e9


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
