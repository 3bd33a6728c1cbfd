# copy_of: tests/corpora/bloque/independent/correcta_helper.py
# disguise: names renamed, helpers reordered, comment reworded
import numpy as np


def mlp(params):
    return lambda z: np.maximum(z @ params["W1"] + params["b1"], 0.0) @ params["W2"] + params["b2"]


def sumar_normalizar(entrada, capa, ga, be):
    # residual y luego layer norm
    return layer_norm(entrada + capa(entrada), ga, be)


def layer_norm(X, gamma, beta, eps=1e-5):
    media = np.mean(X, axis=-1, keepdims=True)
    varz = np.mean((X - media) ** 2, axis=-1, keepdims=True)
    return gamma * (X - media) / np.sqrt(varz + eps) + beta


def bloque(X, atencion, p):
    z = sumar_normalizar(X, atencion, p["gamma1"], p["beta1"])
    return sumar_normalizar(z, mlp(p), p["gamma2"], p["beta2"])
