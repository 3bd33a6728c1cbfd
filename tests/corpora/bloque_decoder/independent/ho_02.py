# kind: single
# misconception_es: A la primera capa del perceptrón le falta el sesgo b1: FFN(H2) = ReLU(H2 W1 + b1) W2 + b2.
# misconception_en: The perceptron's first layer is missing its bias b1: FFN(H2) = ReLU(H2 W1 + b1) W2 + b2.
# line: 22
# expect: missing_bias_b1
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def relu(x):
    return x * (x > 0)


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    H2 = layer_norm(H1 + atencion_cruzada(H1, memoria), p["gamma2"], p["beta2"])
    oculta = relu(H2 @ p["W1"])
    salida = oculta @ p["W2"] + p["b2"]
    return layer_norm(H2 + salida, p["gamma3"], p["beta3"])
