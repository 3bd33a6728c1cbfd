# kind: single
# misconception_es: calcula en float32 con un softmax sin restar el máximo
# misconception_en: computes in float32 with a softmax that does not subtract the max
# line: 18
# expect: unstable_softmax
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    Q, K, V = (a.astype(np.float32) for a in (Q, K, V))
    E = Q @ K.T / np.float32(np.sqrt(Q.shape[1]))
    if mascara is not None:
        E = E + mascara.astype(np.float32)
    Z = np.exp(E)
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
