# kind: nonsense
# misconception_es: Multiplica X por las dos matrices del perceptrón y aplica tanh: ni residuales ni normas.
# misconception_en: Multiplies X by the perceptron's two matrices and applies tanh: no residuals, no norms.
# line: 16
# step: return
# expect: none
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    return np.tanh(X @ p["W1"] @ p["W2"])
