# kind: double
# misconception_es: Calcula el softmax por columnas (axis=0) y además olvida dividir las puntuaciones entre la raíz de d_k.
# misconception_en: Computes the softmax by columns (axis=0) and also forgets to divide the scores by the square root of d_k.
# line: 13, 17
# expect: softmax_over_columns, no_sqrt_dk
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    scores = Q @ K.T
    if mascara is not None:
        scores = scores + mascara
    scores = scores - scores.max(axis=0)
    weights = np.exp(scores) / np.exp(scores).sum(axis=0)
    return weights @ V, weights
