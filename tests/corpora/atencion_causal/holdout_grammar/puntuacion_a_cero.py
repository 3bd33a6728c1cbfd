# kind: single
# misconception_es: En lugar de sumar la máscara, pone a 0 las puntuaciones de las casillas tachadas, y exp(0) = 1 les sigue dando peso.
# misconception_en: Instead of adding the mask, sets the scores of the masked cells to 0, and exp(0) = 1 still gives them weight.
# line: 15
# expect: zero_score_not_inf
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if mascara is not None:
        scores = np.where(np.isinf(mascara), 0.0, scores)  # tacho el futuro
    scores = scores - scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w /= w.sum(axis=-1, keepdims=True)
    return w @ V, w
