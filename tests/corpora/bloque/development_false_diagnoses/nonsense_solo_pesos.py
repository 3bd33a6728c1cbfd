# kind: nonsense
# misconception_es: Ignora la atención, los residuales y las normas: multiplica X por W1 y W2 y devuelve eso.
# misconception_en: Ignores the attention, the residuals and the norms: multiplies X by W1 and W2 and returns that.
# line: 14
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    return gamma * (X - X.mean(1, keepdims=True)) / np.sqrt(X.var(1, keepdims=True) + eps) + beta


def bloque(X, atencion, p):
    return X @ p["W1"] @ p["W2"]
