# kind: single
# misconception_es: devuelve la máscara booleana de lo permitido (tril de True)
# misconception_en: returns the boolean mask of what is allowed (tril of True)
# line: 10
# expect: mask_of_ones
import numpy as np


def mascara_causal(T):
    return np.tril(np.ones((T, T), dtype=bool))


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
