# kind: single
# misconception_es: Pone los -inf debajo de la diagonal (tapa el pasado) en lugar de encima (el futuro): la máscara queda traspuesta.
# misconception_en: Puts the -inf below the diagonal (hiding the past) instead of above it (the future): the mask is transposed.
# line: 10
# expect: wrong_triangle
import numpy as np


def mascara_causal(T):
    return np.tril(np.full((T, T), -np.inf), k=-1)

def atencion(Q, K, V, mascara=None):
    d_k = Q.shape[1]
    E = Q @ K.T / np.sqrt(d_k)
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    pesos = np.exp(E)
    pesos = pesos / pesos.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
