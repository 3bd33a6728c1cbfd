# kind: correct
# misconception_es: ninguna (softmax en una función aparte y float64 explícito)
# misconception_en: none (softmax in a helper, explicit float64)
# line: none
# expect: none
import numpy as np


def softmax_filas(S):
    S = S - np.max(S, axis=1)[:, np.newaxis]
    e = np.exp(S)
    return e / e.sum(axis=1)[:, np.newaxis]


def mascara_causal(T):
    return np.array([[0.0 if j <= i else -np.inf for j in range(T)] for i in range(T)])


def atencion(Q, K, V, mascara=None):
    d_k = K.shape[1]
    S = np.matmul(Q, K.T) / d_k**0.5
    if mascara is not None:
        S = S + mascara
    pesos = softmax_filas(S)
    return np.matmul(pesos, V), pesos
