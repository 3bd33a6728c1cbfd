# kind: single
# misconception_es: la máscara tapa el pasado (triángulo inferior) en vez del futuro
# misconception_en: the mask hides the past (lower triangle) instead of the future
# line: 10
# expect: wrong_triangle
import numpy as np


def mascara_causal(T):
    return np.tril(np.full((T, T), -np.inf), k=-1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
