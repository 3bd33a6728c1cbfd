# kind: single
# misconception_es: Con un helper que recibe si sumar la entrada, llama a la primera subcapa sin residual: LayerNorm(atencion(X)).
# misconception_en: With a helper told whether to add the input, calls the first sublayer without the residual: LayerNorm(atencion(X)).
# line: 20
# expect: missing_first_residual
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    return gamma * (X - X.mean(1, keepdims=True)) / np.sqrt(X.var(1, keepdims=True) + eps) + beta


def subcapa(X, f, gamma, beta, residual=True):
    y = f(X)
    return layer_norm(X + y if residual else y, gamma, beta)


def bloque(X, atencion, p):
    ffn = lambda Z: np.maximum(0, Z @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]  # noqa: E731
    H = subcapa(X, atencion, p["gamma1"], p["beta1"], residual=False)
    return subcapa(H, ffn, p["gamma2"], p["beta2"])
