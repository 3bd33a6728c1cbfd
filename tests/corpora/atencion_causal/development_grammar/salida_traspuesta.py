# kind: single
# misconception_es: devuelve la salida traspuesta
# misconception_en: returns the output transposed
# line: 19
# expect: new:output_transposed
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return (pesos @ V).T, pesos
