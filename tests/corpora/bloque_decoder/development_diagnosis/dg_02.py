# kind: double
# misconception_es: Dos errores: normalizas Y antes de la primera subcapa (Y entra tal cual en auto_atencion y en su suma residual), y tu layer_norm escribe en el array que recibe (X[:] = ...), así que cambia la Y del que llama.
# misconception_en: Two mistakes: you normalise Y before the first sublayer (Y goes as it is into auto_atencion and its residual sum), and your layer_norm writes into the array it receives (X[:] = ...), so it changes the caller's Y.
# line: 18, 12
# expect: new:input_normalised, modifies_input
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1)[:, None]
    sd = np.sqrt(((X - mu) ** 2).mean(axis=1)[:, None] + eps)
    X[:] = (X - mu) / sd
    return X * gamma + beta


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    g, b = [p["gamma%d" % i] for i in (1, 2, 3)], [p["beta%d" % i] for i in (1, 2, 3)]
    x = layer_norm(Y, g[0], b[0])
    x = layer_norm(x + auto_atencion(x), g[0], b[0])
    x = layer_norm(x + atencion_cruzada(x, memoria), g[1], b[1])
    oculta = np.einsum("td,df->tf", x, p["W1"]) + p["b1"]
    f = np.einsum("tf,fd->td", oculta * (oculta > 0), p["W2"]) + p["b2"]
    return layer_norm(x + f, g[2], b[2])
