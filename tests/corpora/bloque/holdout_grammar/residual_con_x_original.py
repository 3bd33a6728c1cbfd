# kind: single
# misconception_es: En la segunda subcapa suma la X original del bloque en lugar de H, la salida de la primera subcapa: LayerNorm(X + FFN(H)).
# misconception_en: In the second sublayer adds the block's original X instead of H, the first sublayer's output: LayerNorm(X + FFN(H)).
# line: 18
# expect: second_residual_adds_input
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    media = np.mean(X, axis=-1, keepdims=True)
    varianza = np.mean((X - media) ** 2, axis=-1, keepdims=True)
    return gamma * (X - media) / np.sqrt(varianza + eps) + beta


def bloque(X, atencion, p):
    W1, b1, W2, b2 = p["W1"], p["b1"], p["W2"], p["b2"]
    primera = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    ffn = np.maximum(0, primera @ W1 + b1) @ W2 + b2
    segunda = layer_norm(X + ffn, p["gamma2"], p["beta2"])
    return segunda
