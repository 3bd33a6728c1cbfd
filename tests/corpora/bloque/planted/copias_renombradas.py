# copy_of: tests/corpora/bloque/solutions/copies_and_unpacks.py
# disguise: names renamed, independent statements swapped, comments added
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    R = np.array(X, dtype=float, copy=True)
    R -= R.mean(axis=-1, keepdims=True)  # centrar
    R /= np.sqrt(np.mean(R * R, axis=-1, keepdims=True) + eps)  # escalar
    return R * gamma + beta


def bloque(X, atencion, p):
    g1, b1, g2, b2 = (p[nombre] for nombre in ("gamma1", "beta1", "gamma2", "beta2"))
    suma = X.copy()
    suma += atencion(X)
    primera = layer_norm(suma, g1, b1)
    oculto = primera @ p["W1"]
    oculto += p["b1"]
    np.maximum(oculto, 0, out=oculto)
    salida_ffn = oculto @ p["W2"] + p["b2"]
    return layer_norm(primera + salida_ffn, g2, b2)
