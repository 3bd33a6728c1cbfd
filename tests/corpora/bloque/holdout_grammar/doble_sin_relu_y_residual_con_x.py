# kind: double
# misconception_es: Olvida la ReLU del perceptrón y además, en la segunda subcapa, suma la X original en lugar de H.
# misconception_en: Forgets the perceptron's ReLU and also, in the second sublayer, adds the original X instead of H.
# line: 16, 18
# expect: missing_relu, second_residual_adds_input
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    media = np.mean(X, axis=-1, keepdims=True)
    varianza = np.mean((X - media) ** 2, axis=-1, keepdims=True)
    return gamma * (X - media) / np.sqrt(varianza + eps) + beta


def bloque(X, atencion, p):
    salida_atencion = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    oculta = salida_atencion @ p["W1"] + p["b1"]
    salida_ffn = oculta @ p["W2"] + p["b2"]
    return layer_norm(X + salida_ffn, p["gamma2"], p["beta2"])
