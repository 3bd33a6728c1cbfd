# kind: single
# misconception_es: usa la máscara como condición: sólo tacha donde vale −∞ e ignora sus valores finitos
# misconception_en: uses the mask as a condition: strikes out only where it is −∞ and ignores its finite values
# line: 16
# expect: new:mask_used_as_condition
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    scores = np.einsum("qd,kd->qk", Q, K) / np.sqrt(Q.shape[-1])
    if mascara is not None:
        scores[np.isinf(mascara)] = -np.inf
    m = scores.max(axis=1, keepdims=True)
    e = np.exp(scores - m)
    w = e / e.sum(axis=1, keepdims=True)
    return w @ V, w
