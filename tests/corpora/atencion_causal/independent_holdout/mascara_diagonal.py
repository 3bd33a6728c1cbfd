# kind: single
# misconception_es: la máscara tapa también la diagonal (k=0): cada posición no se ve a sí misma
# misconception_en: the mask also hides the diagonal (k=0): a position cannot see itself
# line: 10
# expect: diagonal_masked
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf))


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
