# kind: single
# misconception_es: suma β antes de multiplicar por γ: γ ⊙ (x̂ + β)
# misconception_en: adds β before multiplying by γ: γ ⊙ (x̂ + β)
# line: 13
# expect: new:beta_added_before_gamma
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = np.einsum("td->t", X)[:, None] / X.shape[1]
    var = np.einsum("td,td->t", X - mu, X - mu)[:, None] / X.shape[1]
    xhat = (X - mu) / np.sqrt(var + eps)
    return gamma * (xhat + beta)
