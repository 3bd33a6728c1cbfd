# kind: single
# misconception_es: Centra y escala con np.subtract(..., out=X) y np.divide(..., out=X), con lo que modifica el X que recibe.
# misconception_en: Centres and scales with np.subtract(..., out=X) and np.divide(..., out=X), so it modifies the X it receives.
# line: 12, 13
# expect: modifies_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    np.subtract(X, mu, out=X)
    np.divide(X, np.sqrt(var + eps), out=X)
    return gamma * X + beta
