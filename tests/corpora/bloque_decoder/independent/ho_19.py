# kind: single
# misconception_es: x = Y no copia: x y Y son el mismo array, así que x += ... modifica el Y de quien llama; usa x = Y + auto_atencion(Y) (o Y.copy()).
# misconception_en: x = Y does not copy: x and Y are the same array, so x += ... modifies the caller's Y; use x = Y + auto_atencion(Y) (or Y.copy()).
# line: 17
# expect: block_modifies_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s ** 2 + eps) + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    x = Y
    x += auto_atencion(Y)
    x = layer_norm(x, p["gamma1"], p["beta1"])
    c = atencion_cruzada(x, memoria)
    x = layer_norm(x + c, p["gamma2"], p["beta2"])
    f = np.maximum(0, x @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(x + f, p["gamma3"], p["beta3"])
