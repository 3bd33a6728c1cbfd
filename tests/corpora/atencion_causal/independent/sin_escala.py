# kind: single
# misconception_es: no escala las puntuaciones (falta dividir entre √d_k)
# misconception_en: does not scale the scores (no division by √d_k)
# line: 14
# expect: no_sqrt_dk
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    puntuaciones = np.dot(Q, K.T)
    if mascara is not None:
        puntuaciones = puntuaciones + mascara
    Z = np.exp(puntuaciones - puntuaciones.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
