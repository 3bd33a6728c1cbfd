# kind: single
# misconception_es: No divide por √d_k; las puntuaciones se guardan en una variable llamada return_value.
# misconception_en: Does not divide by √d_k; the scores are kept in a variable called return_value.
# line: 16
# step: E
# expect: no_sqrt_dk
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    return_value = Q @ K.T
    if mascara is not None:
        return_value = return_value + mascara
    returned = np.exp(return_value - return_value.max(axis=1, keepdims=True))
    returned = returned / returned.sum(axis=1, keepdims=True)
    return returned @ V, returned
