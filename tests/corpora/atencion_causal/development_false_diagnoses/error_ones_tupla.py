# kind: error
# misconception_es: Escribe np.ones(T, T) en lugar de np.ones((T, T)), y NumPy lanza TypeError porque el segundo argumento es el dtype.
# misconception_en: Writes np.ones(T, T) instead of np.ones((T, T)), and NumPy raises TypeError because the second argument is the dtype.
# line: 10
# expect: none
import numpy as np


def mascara_causal(T):
    return np.triu(np.ones(T, T), 1) * -np.inf


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    P = np.exp(E - E.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
