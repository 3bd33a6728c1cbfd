# kind: single
# misconception_es: Divide las puntuaciones por d_k en lugar de por su raíz cuadrada.
# misconception_en: Divides the scores by d_k instead of by its square root.
# line: 18
# expect: divides_by_dk

import numpy as np


def mascara_causal(T):
    i = np.arange(T)[:, None]
    j = np.arange(T)[None, :]
    return np.where(j > i, -np.inf, 0.0)


def atencion(Q, K, V, mascara=None):
    T_q, d_k = Q.shape
    puntuaciones = Q @ K.T / d_k
    if mascara is not None:
        puntuaciones = puntuaciones + mascara
    puntuaciones -= puntuaciones.max(axis=1, keepdims=True)
    exps = np.exp(puntuaciones)
    pesos = exps / exps.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
