# kind: single
# misconception_es: usa la máscara como booleana (np.where(mascara == 0, E, −∞)) en vez de sumarla
# misconception_en: uses the mask as a boolean (np.where(mascara == 0, E, −∞)) instead of adding it
# line: 16
# expect: new:mask_used_as_condition
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = np.where(mascara == 0, E, -np.inf)
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
