# kind: double
# misconception_es: Usa la desviación típica muestral (ddof=1) y además suma épsilon fuera de la raíz, (x - mu)/(s + eps).
# misconception_en: Uses the sample standard deviation (ddof=1) and also adds epsilon outside the square root, (x - mu)/(s + eps).
# line: 11, 12
# expect: sample_deviation, eps_outside_root
import numpy as np


def _fila(x, gamma, beta, eps):
    mu = x.mean()
    sd = x.std(ddof=1)
    return gamma * (x - mu) / (sd + eps) + beta


def layer_norm(X, gamma, beta, eps=1e-5):
    return np.apply_along_axis(_fila, 1, X, gamma, beta, eps)
