# kind: double
# misconception_es: máscara sobre el pasado (triángulo inferior) y además sin escalar
# misconception_en: mask over the past (lower triangle) and also no scaling
# line: 10, 14
# expect: wrong_triangle, no_sqrt_dk
import numpy as np


def mascara_causal(T):
    return np.tril(np.full((T, T), -np.inf), -1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
