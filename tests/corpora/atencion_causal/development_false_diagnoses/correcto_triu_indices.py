# kind: correct
# misconception_es: Correcto: la máscara se rellena con np.triu_indices(T, 1) y la atención usa math.sqrt y einsum.
# misconception_en: Correct: the mask is filled through np.triu_indices(T, 1) and attention uses math.sqrt and einsum.
# line: none
# expect: none
import math

import numpy as np


def mascara_causal(T):
    M = np.zeros((T, T))
    M[np.triu_indices(T, 1)] = -np.inf
    return M


def atencion(Q, K, V, mascara=None):
    E = np.einsum("ik,jk->ij", Q, K) / math.sqrt(K.shape[-1])
    if mascara is not None:
        E = E + mascara
    w = np.exp(E - np.max(E, axis=-1, keepdims=True))
    w /= w.sum(axis=-1, keepdims=True)
    return w @ V, w
