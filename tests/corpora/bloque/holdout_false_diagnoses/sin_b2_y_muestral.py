# kind: double
# misconception_es: El layer norm usa la desviación muestral (divide por d_model - 1) y además el perceptrón se olvida del sesgo b2.
# misconception_en: The layer norm uses the sample deviation (divides by d_model - 1) and the perceptron also forgets the bias b2.
# line: 12, 18
# expect: new:sample_deviation, missing_bias_b2

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, ddof=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0, H @ p["W1"] + p["b1"]) @ p["W2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
