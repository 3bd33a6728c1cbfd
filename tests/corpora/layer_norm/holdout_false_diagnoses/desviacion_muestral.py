# kind: single
# misconception_es: Usa la desviación típica muestral (dividiendo por d_model - 1) en lugar de la poblacional que pide la lección.
# misconception_en: Uses the sample standard deviation (dividing by d_model - 1) instead of the population one the lesson asks for.
# line: 13
# expect: sample_deviation

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    # per-row statistics
    mean = np.mean(X, axis=1, keepdims=True)
    std = np.std(X, axis=1, ddof=1, keepdims=True)  # unbiased, "more correct"
    normed = (X - mean) / np.sqrt(std ** 2 + eps)
    return normed * gamma + beta
