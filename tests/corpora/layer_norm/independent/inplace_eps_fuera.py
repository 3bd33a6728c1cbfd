# kind: double
# misconception_es: modifica la X recibida (X -= mu; X /= ...) y además pone ε fuera de la raíz
# misconception_en: modifies the received X (X -= mu; X /= ...) and also puts ε outside the root
# line: 10, 11
# expect: modifies_input, eps_outside_root
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    X -= np.mean(X, axis=1, keepdims=True)
    X /= np.std(X, axis=1, keepdims=True) + eps
    return gamma * X + beta
