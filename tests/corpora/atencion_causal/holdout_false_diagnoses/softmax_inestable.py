# kind: single
# misconception_es: Calcula el softmax con exp de las puntuaciones sin restar antes el máximo de cada fila, así que con puntuaciones grandes sale inf/nan.
# misconception_en: Computes the softmax as exp of the raw scores without subtracting each row's maximum first, so large scores give inf/nan.
# line: 19
# expect: unstable_softmax

import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    """Scaled dot-product attention."""
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        scores = scores + mascara
    exp_scores = np.exp(scores)
    weights = exp_scores / exp_scores.sum(axis=1, keepdims=True)
    return weights @ V, weights
