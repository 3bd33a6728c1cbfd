# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import numpy as np


def mascara_causal(T):
    i, j = np.indices((T, T))
    return np.where(j > i, -np.inf, 0.0)


def atencion(Q, K, V, mascara=None):
    E = np.einsum("qd,kd->qk", Q, K) / np.sqrt(Q.shape[1])
    if mascara is not None:
        E += mascara  # E es mía: sumar en el sitio no toca nada ajeno
    E -= E.max(axis=1, keepdims=True)
    pesos = np.exp(E)
    pesos /= pesos.sum(axis=1, keepdims=True)
    return np.einsum("qk,kv->qv", pesos, V), pesos
