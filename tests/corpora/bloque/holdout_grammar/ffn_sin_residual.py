# kind: single
# misconception_es: En la segunda subcapa olvida la conexión residual y normaliza sólo la salida del perceptrón, LayerNorm(FFN(H)).
# misconception_en: In the second sublayer forgets the residual connection and normalises only the perceptron output, LayerNorm(FFN(H)).
# line: 17
# expect: missing_second_residual
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(F, p["gamma2"], p["beta2"])
