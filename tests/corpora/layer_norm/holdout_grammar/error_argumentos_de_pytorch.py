# kind: error
# misconception_es: Escribe la media y la varianza con los argumentos de PyTorch (dim, keepdim, unbiased), que NumPy no acepta, y la función lanza una excepción.
# misconception_en: Writes mean and variance with PyTorch arguments (dim, keepdim, unbiased), which NumPy rejects, so the function raises.
# line: 10
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(dim=1, keepdim=True)
    var = X.var(dim=1, keepdim=True, unbiased=False)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta
