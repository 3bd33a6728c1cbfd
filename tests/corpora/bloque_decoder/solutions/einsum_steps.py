import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    n = X.shape[-1]
    mean = np.einsum("td->t", X)[:, None] / n
    dev = X - mean
    variance = np.einsum("td,td->t", dev, dev)[:, None] / n
    return dev / np.sqrt(variance + eps) * gamma + beta


def position_wise(H, W1, b1, W2, b2):
    hidden = np.einsum("td,df->tf", H, W1) + b1
    hidden[hidden < 0] = 0.0
    return np.einsum("tf,fd->td", hidden, W2) + b2


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    # the three sublayers of the decoder's column, each wrapped as LayerNorm(x + Sublayer(x))
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    F = position_wise(H2, p["W1"], p["b1"], p["W2"], p["b2"])
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
