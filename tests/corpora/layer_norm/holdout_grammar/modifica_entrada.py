# kind: single
# misconception_es: Centra y escala la matriz X recibida en su sitio (X -= mu), modificando el array de entrada.
# misconception_en: Centres and scales the received X in place (X -= mu), modifying the input array.
# line: 11, 13
# expect: modifies_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    X -= mu  # centro cada fila
    var = (X**2).mean(axis=1, keepdims=True)
    X /= np.sqrt(var + eps)
    return gamma * X + beta
