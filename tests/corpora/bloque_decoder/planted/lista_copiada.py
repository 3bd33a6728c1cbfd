# copy_of: tests/corpora/bloque_decoder/solutions/residual_loop.py
# disguise: docstring dropped, names renamed, the pairs' order of fields swapped
import math

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    res = np.empty_like(X, dtype=float)
    for i in range(X.shape[0]):
        renglon = X[i]
        m = sum(renglon) / len(renglon)
        v2 = sum((v - m) ** 2 for v in renglon) / len(renglon)
        res[i] = [(v - m) / math.sqrt(v2 + eps) for v in renglon]
    return res * gamma + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    relu = lambda z: np.clip(z, 0.0, None)  # noqa: E731
    etapas = (
        ("1", lambda x: auto_atencion(x)),
        ("2", lambda x: atencion_cruzada(x, memoria)),
        ("3", lambda x: relu(x @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]),
    )
    x = np.asarray(Y, dtype=float)
    for k, capa in etapas:
        total = x + capa(x)
        x = layer_norm(total, p["gamma" + k], p["beta" + k])
    return x
