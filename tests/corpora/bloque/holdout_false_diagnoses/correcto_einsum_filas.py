# kind: correct
# misconception_es: Ninguna: el layer norm fila a fila con math y el perceptrón con einsum y una ReLU escrita como x * (x > 0).
# misconception_en: None: the layer norm row by row with math and the perceptron with einsum and a ReLU written as x * (x > 0).
# line: none
# expect: none

import math
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    T, d = X.shape
    Y = np.zeros((T, d))
    for t in range(T):
        mu = math.fsum(X[t]) / d
        var = math.fsum((X[t] - mu) ** 2) / d
        Y[t] = gamma * (X[t] - mu) / math.sqrt(var + eps) + beta
    return Y


def bloque(X, atencion, p):
    sub_atn = atencion(X)
    H = layer_norm(X + sub_atn, p["gamma1"], p["beta1"])
    pre = np.einsum("td,df->tf", H, p["W1"]) + p["b1"]
    act = pre * (pre > 0)
    ff = np.einsum("tf,fd->td", act, p["W2"]) + p["b2"]
    return layer_norm(H + ff, p["gamma2"], p["beta2"])
