# kind: single
# misconception_es: modifica la X que recibe (X -= mu, X /= ...) aunque el resultado sea correcto
# misconception_en: modifies the X it receives (X -= mu, X /= ...) although the result is right
# line: 11
# expect: modifies_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    X -= mu  # centro en el sitio, ahorro memoria
    var = (X**2).mean(axis=1, keepdims=True)
    X /= np.sqrt(var + eps)
    return gamma * X + beta
