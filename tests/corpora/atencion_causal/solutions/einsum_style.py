import numpy as np


def mascara_causal(T):
    filas = np.arange(T)[:, None]
    columnas = np.arange(T)[None, :]
    return np.where(columnas > filas, -np.inf, 0.0)


def atencion(Q, K, V, mascara=None):
    puntuaciones = np.einsum("qd,kd->qk", Q, K) / np.sqrt(Q.shape[1])
    if mascara is not None:
        puntuaciones = puntuaciones + mascara
    z = np.exp(puntuaciones - puntuaciones.max(axis=1)[:, None])
    pesos = z / z.sum(axis=1)[:, None]
    return np.einsum("qk,kv->qv", pesos, V), pesos
