# kind: nonsense
# misconception_es: ninguna nombrable: cada fila de puntuaciones escalada por un factor distinto cercano a 1
# misconception_en: none nameable: each row of scores scaled by a different factor near 1
# line: 15
# expect: none
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    E = E * (1 + 0.003 * np.arange(E.shape[0]))[:, None]
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
