# kind: single
# misconception_es: Aplica el perceptrón por posiciones a la X original en lugar de a la salida H de la primera subcapa.
# misconception_en: Applies the position-wise perceptron to the original X instead of the first sublayer's output H.
# line: 20
# expect: ffn_on_block_input
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta


def relu(z):
    return np.maximum(z, 0)


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = relu(X @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
