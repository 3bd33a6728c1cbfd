# kind: single
# misconception_es: suma la máscara antes de escalar (divide también la máscara entre √d_k)
# misconception_en: adds the mask before scaling (the mask is divided by √d_k too)
# line: 16
# expect: new:mask_before_scaling
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T
    if mascara is not None:
        E = E + mascara
    E = E / np.sqrt(Q.shape[1])
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
