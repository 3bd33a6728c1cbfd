# kind: nonsense
# misconception_es: Ignora la función atencion y los pesos del perceptrón: calcula su propia auto-atención sin proyecciones y normaliza una vez.
# misconception_en: Ignores the atencion function and the perceptron weights: computes its own projection-free self-attention and normalises once.
# line: 16
# expect: none
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta


def bloque(X, atencion, p):
    # auto-atencion: la secuencia se mira a si misma
    E = X @ X.T / np.sqrt(X.shape[1])
    A = np.exp(E - E.max(axis=1, keepdims=True))
    A = A / A.sum(axis=1, keepdims=True)
    return layer_norm(A @ X, p["gamma1"], p["beta1"])
