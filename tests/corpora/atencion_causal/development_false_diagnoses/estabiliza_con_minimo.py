# kind: single
# misconception_es: Para estabilizar el softmax resta el mínimo de cada fila en lugar del máximo; con la máscara ese mínimo es −∞ y sale nan.
# misconception_en: To stabilise the softmax subtracts each row's minimum instead of its maximum; with the mask that minimum is −∞ and nan comes out.
# line: 17
# expect: new:min_shift
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    P = np.exp(E - E.min(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
