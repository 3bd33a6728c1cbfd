# copy_of: tests/corpora/bloque_decoder/solutions/einsum_steps.py
# disguise: names renamed, comment translated, the two functions swapped
import numpy as np


def perceptron(Z, A, a, B, b):
    oculta = np.einsum("td,df->tf", Z, A) + a
    oculta[oculta < 0] = 0.0
    return np.einsum("tf,fd->td", oculta, B) + b


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[-1]
    media = np.einsum("td->t", X)[:, None] / d
    centrado = X - media
    varianza = np.einsum("td,td->t", centrado, centrado)[:, None] / d
    return centrado / np.sqrt(varianza + eps) * gamma + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    # las tres subcapas de la columna del decoder, cada una LayerNorm(x + Subcapa(x))
    A1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    A2 = layer_norm(A1 + atencion_cruzada(A1, memoria), p["gamma2"], p["beta2"])
    G = perceptron(A2, p["W1"], p["b1"], p["W2"], p["b2"])
    return layer_norm(A2 + G, p["gamma3"], p["beta3"])
