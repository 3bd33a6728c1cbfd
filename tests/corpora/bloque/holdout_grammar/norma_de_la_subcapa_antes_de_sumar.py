# kind: single
# misconception_es: Normaliza la salida de la subcapa y suma la entrada después, X + LayerNorm(Sublayer(X)), en lugar de normalizar la suma.
# misconception_en: Normalises the sublayer's output and adds the input afterwards, X + LayerNorm(Sublayer(X)), instead of normalising the sum.
# line: 21, 23
# expect: norm_inside_residual
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    media = np.mean(X, axis=-1, keepdims=True)
    varianza = np.mean((X - media) ** 2, axis=-1, keepdims=True)
    return gamma * (X - media) / np.sqrt(varianza + eps) + beta


def perceptron(X, p):
    oculta = np.maximum(0.0, X @ p["W1"] + p["b1"])
    return oculta @ p["W2"] + p["b2"]


def bloque(X, atencion, p):
    a = atencion(X)
    h = X + layer_norm(a, p["gamma1"], p["beta1"])
    f = perceptron(h, p)
    return h + layer_norm(f, p["gamma2"], p["beta2"])
