# kind: single
# misconception_es: Pone ε en el numerador en lugar de dentro de la raíz: (x − μ_t + ε) / s_t.
# misconception_en: Puts ε in the numerator instead of inside the root: (x − μ_t + ε) / s_t.
# line: 13
# step: x_hat
# expect: new:eps_in_numerator
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    sigma = X.std(axis=1, keepdims=True)
    normalizada = np.divide(X - mu + eps, sigma)
    return np.add(np.multiply(gamma, normalizada), beta)
