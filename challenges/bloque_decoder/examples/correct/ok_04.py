# kind: correct
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[1]
    mu = np.einsum("ij->i", X) / d
    xc = X - mu[:, None]
    var = np.einsum("ij,ij->i", xc, xc) / d
    return gamma * xc / np.sqrt(var + eps)[:, None] + beta


def suma_y_norm(x, salida, p, k):
    return layer_norm(x + salida, p[f"gamma{k}"], p[f"beta{k}"])


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    print("Y", Y.shape, "memoria", memoria.shape)
    h1 = suma_y_norm(Y, auto_atencion(Y), p, 1)
    h2 = suma_y_norm(h1, atencion_cruzada(h1, memoria), p, 2)
    oculta = np.clip(np.einsum("td,df->tf", h2, p["W1"]) + p["b1"], 0, None)
    ffn = np.einsum("tf,fd->td", oculta, p["W2"]) + p["b2"]
    returned = suma_y_norm(h2, ffn, p, 3)
    return returned
