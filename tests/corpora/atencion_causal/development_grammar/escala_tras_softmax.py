# kind: single
# misconception_es: divide los pesos (no las puntuaciones) entre √d_k
# misconception_en: divides the weights (not the scores) by √d_k
# line: 18
# expect: new:scale_after_softmax
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True) / np.sqrt(Q.shape[1])
    return pesos @ V, pesos
