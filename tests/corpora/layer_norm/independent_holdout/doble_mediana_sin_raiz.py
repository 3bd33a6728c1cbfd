# kind: double
# misconception_es: centra con la mediana y divide entre la varianza sin raíz
# misconception_en: centres with the median and divides by the variance without the root
# line: 10, 12
# expect: new:median_as_centre, divides_by_variance
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    c = np.median(X, axis=1)[:, None]
    v = X.var(axis=1)[:, None]
    return gamma * (X - c) / (v + eps) + beta
