# kind: single
# misconception_es: Tu ReLU deja pasar un poco de lo negativo (0.01·x, una leaky ReLU): el perceptrón de la lección usa max(0, x), que anula lo negativo.
# misconception_en: Your ReLU lets a little of the negative part through (0.01·x, a leaky ReLU): the lesson's perceptron uses max(0, x), which zeroes the negative part.
# line: 21
# expect: new:leaky_relu
import numpy as np
from functools import partial


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.average(X, axis=1).reshape(-1, 1)
    s2 = np.average((X - mu) ** 2, axis=1).reshape(-1, 1)
    return gamma * (X - mu) * (s2 + eps) ** -0.5 + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    norma = [partial(layer_norm, gamma=p[f"gamma{i}"], beta=p[f"beta{i}"]) for i in (1, 2, 3)]
    H1 = norma[0](Y + auto_atencion(Y))
    H2 = norma[1](H1 + atencion_cruzada(H1, memoria))
    z = H2.dot(p["W1"]) + p["b1"]
    a = np.maximum(0.01 * z, z)
    return norma[2](H2 + a.dot(p["W2"]) + p["b2"])
