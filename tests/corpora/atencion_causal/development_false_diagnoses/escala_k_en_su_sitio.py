# kind: single
# misconception_es: Divide K entre √d_k en su sitio (K /= ...), con lo que modifica el array que recibe.
# misconception_en: Divides K by √d_k in place (K /= ...), so it modifies the array it receives.
# line: 14
# expect: modifies_input
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    K /= np.sqrt(K.shape[1])
    E = Q @ K.T
    if mascara is not None:
        E = E + mascara
    P = np.exp(E - E.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
