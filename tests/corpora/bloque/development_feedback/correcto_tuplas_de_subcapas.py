# kind: correct
# misconception_es: Correcto: recorre las dos subcapas con sus pares en una tupla.
# misconception_en: Correct: walks the two sublayers with their pairs in a tuple.
# line: none
# expect: none
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    ffn = lambda Z: np.clip(Z @ p["W1"] + p["b1"], 0, None) @ p["W2"] + p["b2"]
    Y = X
    for sub, g, b in ((atencion, "gamma1", "beta1"), (ffn, "gamma2", "beta2")):
        Y = layer_norm(Y + sub(Y), p[g], p[b])
    return Y
