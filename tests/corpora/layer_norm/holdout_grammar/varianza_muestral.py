# kind: single
# misconception_es: Usa la desviación típica muestral (divide entre d_model - 1) en lugar de la poblacional (divide entre d_model).
# misconception_en: Uses the sample standard deviation (divides by d_model - 1) instead of the population one (divides by d_model).
# line: 12
# expect: sample_deviation
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    """Normaliza cada fila de X (una por posicion)."""
    media = X.mean(axis=1, keepdims=True)
    desviacion = X.std(axis=1, ddof=1, keepdims=True)  # estimador insesgado
    X_hat = (X - media) / np.sqrt(desviacion**2 + eps)
    return gamma * X_hat + beta
