# kind: single
# misconception_es: Resta el máximo de cada columna en lugar del de cada fila antes de la exponencial.
# misconception_en: Subtracts each column's maximum instead of each row's before the exponential.
# line: 17
# step: shifted
# expect: max_over_columns
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / Q.shape[1] ** 0.5
    if mascara is not None:
        E += mascara
    E = E - E.max(axis=0)
    P = np.exp(E)
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
