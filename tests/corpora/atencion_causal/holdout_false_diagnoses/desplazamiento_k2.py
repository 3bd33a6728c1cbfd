# kind: single
# misconception_es: Desplaza el triángulo una casilla de más (k=2), así que cada posición aún puede mirar el token siguiente.
# misconception_en: Shifts the triangle one cell too far (k=2), so each position can still look at the next token.
# line: 12
# expect: mask_offset

import numpy as np


def mascara_causal(T):
    # -inf estrictamente por encima de la diagonal
    return np.triu(np.full((T, T), -np.inf), k=2)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T
    E = E / np.sqrt(K.shape[1])
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1)[:, None]
    P = np.exp(E)
    P = P / P.sum(axis=1)[:, None]
    return P @ V, P
