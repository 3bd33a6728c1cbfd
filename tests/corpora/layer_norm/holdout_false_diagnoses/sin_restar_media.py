# kind: single
# misconception_es: Divide cada fila por sqrt(s_t^2 + eps) pero se olvida de centrarla restando su media mu_t.
# misconception_en: Divides each row by sqrt(s_t^2 + eps) but forgets to centre it by subtracting its mean mu_t.
# line: 12
# expect: not_centered

import numpy as np


def _normaliza_fila(x, eps):
    s2 = np.var(x)
    return x / np.sqrt(s2 + eps)


def layer_norm(X, gamma, beta, eps=1e-5):
    xhat = np.apply_along_axis(_normaliza_fila, 1, X, eps)
    return gamma * xhat + beta
