# kind: error
# misconception_es: Falta el signo de dos puntos al final de la línea def de atencion, así que el archivo no se puede ni importar (SyntaxError).
# misconception_en: The colon at the end of atencion's def line is missing, so the file cannot even be imported (SyntaxError).
# line: 14
# expect: none

import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None)
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    P = np.exp(E)
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
