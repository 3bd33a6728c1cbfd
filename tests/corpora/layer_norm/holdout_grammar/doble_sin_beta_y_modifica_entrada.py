# kind: double
# misconception_es: Normaliza la X recibida en su sitio (modifica la entrada) y además olvida sumar beta al final.
# misconception_en: Normalises the received X in place (modifies the input) and also forgets to add beta at the end.
# line: 12, 13, 14
# expect: modifies_input, missing_beta
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    medias = X.mean(axis=1, keepdims=True)
    varianzas = X.var(axis=1, keepdims=True)
    X -= medias
    X /= np.sqrt(varianzas + eps)
    return gamma * X
