# kind: single
# misconception_es: Olvida la ReLU entre las dos capas del perceptrón por posiciones y lo deja lineal.
# misconception_en: Forgets the ReLU between the two layers of the position-wise perceptron, leaving it linear.
# line: 17
# expect: missing_relu
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta


def bloque(X, atencion, p):
    sub1 = atencion(X)
    H = layer_norm(X + sub1, p["gamma1"], p["beta1"])
    sub2 = (H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + sub2, p["gamma2"], p["beta2"])
