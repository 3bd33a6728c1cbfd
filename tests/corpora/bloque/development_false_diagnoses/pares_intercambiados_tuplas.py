# kind: single
# misconception_es: Usa γ₂ y β₂ en la primera normalización y γ₁ y β₁ en la segunda: los pares intercambiados.
# misconception_en: Uses γ₂ and β₂ in the first normalisation and γ₁ and β₁ in the second: the pairs swapped.
# line: 15, 16
# expect: norm_pairs_swapped
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    normas = {1: (p["gamma2"], p["beta2"]), 2: (p["gamma1"], p["beta1"])}
    H = layer_norm(X + atencion(X), *normas[1])
    hid = np.maximum(0, H @ p["W1"] + p["b1"])
    F = hid @ p["W2"] + p["b2"]
    return layer_norm(H + F, *normas[2])
