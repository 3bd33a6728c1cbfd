# kind: single
# misconception_es: Pone keepdims=True en la media pero no en la desviación, que queda de forma (T,).
# misconception_en: Puts keepdims=True on the mean but not on the deviation, which stays of shape (T,).
# line: 12, 13
# step: s, x_hat
# expect: new:keepdims_on_one_statistic
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    sd = X.std(axis=1)
    xhat = (X - mu) / np.sqrt(sd ** 2 + eps)
    return gamma * xhat + beta
