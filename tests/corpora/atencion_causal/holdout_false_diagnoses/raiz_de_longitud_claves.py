# kind: single
# misconception_es: Escala por la raíz del número de claves T_k (K.shape[0]) en lugar de por la raíz de la anchura d_k.
# misconception_en: Scales by the square root of the number of keys T_k (K.shape[0]) instead of the root of the width d_k.
# line: 16
# expect: scales_by_length

import numpy as np
import math


def mascara_causal(T):
    return np.triu(np.full((T, T), -math.inf), 1)


def atencion(Q, K, V, mascara=None):
    escala = math.sqrt(len(K))
    S = np.einsum("qd,kd->qk", Q, K) / escala
    if mascara is not None:
        S = S + mascara
    S = S - S.max(axis=1, keepdims=True)
    A = np.exp(S)
    A = A / A.sum(axis=1, keepdims=True)
    return np.einsum("qk,kv->qv", A, V), A
