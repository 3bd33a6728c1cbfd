# kind: single
# misconception_es: Usa gamma2 y beta2 en la norma de la atención y gamma1 y beta1 en la del perceptrón, al revés de lo que toca.
# misconception_en: Uses gamma2 and beta2 in the attention's norm and gamma1 and beta1 in the perceptron's, the wrong way round.
# line: 19, 21
# expect: norm_pairs_swapped

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    out = np.empty_like(X, dtype=float)
    for t, x in enumerate(X):
        c = x - x.mean()
        out[t] = gamma * c / np.sqrt((c ** 2).mean() + eps) + beta
    return out


def bloque(X, atencion, p):
    paso1 = layer_norm(X + atencion(X), p["gamma2"], p["beta2"])
    h = np.maximum(paso1 @ p["W1"] + p["b1"], 0)
    paso2 = layer_norm(paso1 + h @ p["W2"] + p["b2"], p["gamma1"], p["beta1"])
    return paso2
