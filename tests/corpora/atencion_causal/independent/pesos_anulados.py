# kind: single
# misconception_es: anula los pesos del futuro después del softmax (sin renormalizar) en vez de enmascarar dentro
# misconception_en: zeroes the future weights after the softmax (without renormalising) instead of masking inside
# line: 18
# expect: zeroes_weights_after_softmax
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    if mascara is not None:
        pesos = pesos * (mascara == 0)
    return pesos @ V, pesos
