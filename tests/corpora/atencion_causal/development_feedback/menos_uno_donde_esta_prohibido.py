# kind: single
# misconception_es: Escribe −1 en las puntuaciones prohibidas en lugar de −∞.
# misconception_en: Writes −1 into the forbidden scores instead of −∞.
# line: 16
# step: E
# expect: new:forbidden_score_finite
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    S = (Q @ K.T) / np.sqrt(K.shape[-1])
    if mascara is not None:
        S[mascara == -np.inf] = -1.0
    S -= S.max(axis=1, keepdims=True)
    A = np.exp(S)
    A /= A.sum(axis=1, keepdims=True)
    return A @ V, A
