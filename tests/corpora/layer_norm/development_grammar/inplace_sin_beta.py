# kind: double
# misconception_es: modifica X en su sitio y además olvida β
# misconception_en: modifies X in place and also forgets β
# line: 10, 13
# expect: modifies_input, missing_beta
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    X -= X.mean(axis=1, keepdims=True)
    var = (X * X).mean(axis=1, keepdims=True)
    X /= np.sqrt(var + eps)
    return gamma * X
