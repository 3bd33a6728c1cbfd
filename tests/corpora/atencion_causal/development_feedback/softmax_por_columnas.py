# kind: single
# misconception_es: Normaliza dividiendo por la suma de cada columna: las columnas suman 1, no las filas.
# misconception_en: Normalises by dividing by each column's sum: the columns add up to 1, not the rows.
# line: 19
# step: pesos
# expect: pesos_by_columns
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    scores = Q @ K.T
    scores = scores / np.sqrt(Q.shape[1])
    if mascara is not None:
        scores = scores + mascara
    ex = np.exp(scores - scores.max(axis=1, keepdims=True))
    w = ex / ex.sum(axis=0, keepdims=True)
    return w @ V, w
