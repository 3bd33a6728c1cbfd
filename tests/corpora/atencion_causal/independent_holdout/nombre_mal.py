# kind: error
# misconception_es: la máscara se llama causal_mask en vez de mascara_causal
# misconception_en: the mask function is called causal_mask instead of mascara_causal
# line: 9
# expect: none
import numpy as np


def causal_mask(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
