# kind: single
# misconception_es: Calcula la varianza de cada fila con statistics.variance, que divide entre d_model - 1 (la muestral), en lugar de la poblacional.
# misconception_en: Computes each row's variance with statistics.variance, which divides by d_model - 1 (the sample one), instead of the population variance.
# line: 15
# expect: sample_deviation
import math
import statistics

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    filas = []
    for fila in X.tolist():
        m, v = statistics.fmean(fila), statistics.variance(fila)
        filas.append([(x - m) / math.sqrt(v + eps) for x in fila])
    return np.array(filas) * gamma + beta
