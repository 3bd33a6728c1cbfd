# kind: single
# misconception_es: Construye la máscara multiplicando un triángulo de unos por -inf, y 0 * -inf da nan en las casillas que debían valer 0.
# misconception_en: Builds the mask by multiplying a triangle of ones by -inf, and 0 * -inf gives nan in the cells that should be 0.
# line: 12
# expect: inf_times_zero

import numpy as np


def mascara_causal(T):
    arriba = np.triu(np.ones((T, T)), k=1)
    return arriba * -np.inf


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    E = E - np.max(E, axis=1, keepdims=True)
    W = np.exp(E)
    W = W / np.sum(W, axis=1, keepdims=True)
    return W @ V, W
