# kind: nonsense
# misconception_es: No calcula puntuaciones: cada posición se atiende sólo a sí misma (pesos = identidad) y devuelve V.
# misconception_en: Computes no scores: each position attends only to itself (weights = identity) and returns V.
# line: 14
# expect: none
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    pesos = np.eye(Q.shape[0])
    return V.copy(), pesos
