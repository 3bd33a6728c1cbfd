# kind: double
# misconception_es: divide entre la varianza sin raíz y sin ε
# misconception_en: divides by the variance, without root and without ε
# line: 12
# expect: divides_by_variance, eps_ignored
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    sigma2 = ((X - mu) ** 2).mean(axis=1, keepdims=True)
    return gamma * (X - mu) / sigma2 + beta
