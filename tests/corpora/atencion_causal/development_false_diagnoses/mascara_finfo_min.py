# kind: single
# misconception_es: Tapa el futuro con np.finfo(float).min, el menor número finito, en lugar de −∞.
# misconception_en: Blanks the future with np.finfo(float).min, the smallest finite number, instead of −∞.
# line: 9, 10
# expect: finite_mask_value
import numpy as np


def mascara_causal(T, muy_negativo=np.finfo(float).min):
    return np.triu(np.full((T, T), muy_negativo), 1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    P = np.exp(E - E.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
