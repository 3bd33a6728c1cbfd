# kind: double
# misconception_es: Calcula las puntuaciones como K Qᵀ en lugar de Q Kᵀ y además devuelve sólo la salida, sin los pesos.
# misconception_en: Computes the scores as K Qᵀ instead of Q Kᵀ and also returns only the output, without the weights.
# line: 14, 19
# expect: scores_transposed, returns_only_output
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    S = np.dot(K, Q.T) / np.sqrt(Q.shape[1])
    if mascara is not None:
        S = S + mascara
    S = np.exp(S - S.max(axis=1, keepdims=True))
    S = S / S.sum(axis=1, keepdims=True)
    return S @ V
