# kind: single
# misconception_es: Aplica la ReLU también a la salida del perceptrón, F = ReLU(ReLU(H W1 + b1) W2 + b2).
# misconception_en: Also applies the ReLU to the perceptron's output, F = ReLU(ReLU(H W1 + b1) W2 + b2).
# line: 18
# step: F
# expect: relu_on_output
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    relu = lambda v: np.where(v > 0, v, 0.0)
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = relu(relu(H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"])
    return layer_norm(H + F, p["gamma2"], p["beta2"])
