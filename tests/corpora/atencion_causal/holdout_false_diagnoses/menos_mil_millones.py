# kind: single
# misconception_es: Construye la máscara con -1e9 en lugar de -infinito, así que las casillas del futuro no valen -inf.
# misconception_en: Builds the mask with -1e9 instead of minus infinity, so the future cells are not -inf.
# line: 9
# expect: finite_mask_value

import numpy as np

NEG = -1e9  # "infinito" suficiente


def mascara_causal(T):
    return np.triu(np.ones((T, T)), k=1) * NEG


def atencion(Q, K, V, mascara=None):
    dk = Q.shape[1]
    e = (Q @ K.T) / np.sqrt(dk)
    if mascara is not None:
        e = e + mascara
    e = e - e.max(axis=-1, keepdims=True)
    p = np.exp(e)
    p /= p.sum(axis=-1, keepdims=True)
    return p @ V, p
