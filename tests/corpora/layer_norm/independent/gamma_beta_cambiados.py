# kind: single
# misconception_es: intercambia γ y β (multiplica por β y suma γ)
# misconception_en: swaps γ and β (multiplies by β and adds γ)
# line: 13
# expect: gamma_beta_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s2 = ((X - mu) ** 2).mean(axis=1, keepdims=True)
    xhat = (X - mu) / np.sqrt(s2 + eps)
    return beta * xhat + gamma
