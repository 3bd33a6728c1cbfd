# kind: single
# misconception_es: Pone 0 en las puntuaciones prohibidas (np.where con np.isinf) en lugar de sumarles −∞.
# misconception_en: Puts 0 in the forbidden scores (np.where with np.isinf) instead of adding −∞ to them.
# line: 16
# step: E
# expect: zero_score_not_inf
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    S = Q @ K.T / np.sqrt(Q.shape[-1])
    if mascara is not None:
        S = np.where(np.isinf(mascara), 0.0, S)
    S = S - S.max(axis=-1, keepdims=True)
    A = np.exp(S)
    A = A / A.sum(axis=-1, keepdims=True)
    return A @ V, A
