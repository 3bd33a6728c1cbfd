import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    out = np.empty(X.shape)
    for t in range(X.shape[0]):
        fila = X[t]
        media = fila.sum() / fila.size
        s = np.sqrt(((fila - media) ** 2).sum() / fila.size)
        out[t] = gamma * (fila - media) / np.sqrt(s * s + eps) + beta
    return out


def bloque(X, atencion, p):
    # primera subcapa: atencion + suma + norma
    a = atencion(X)
    h1 = layer_norm(X + a, p['gamma1'], p['beta1'])

    # segunda subcapa: el perceptron, fila a fila
    f = np.zeros_like(h1)
    for t in range(h1.shape[0]):
        oculto = h1[t] @ p['W1'] + p['b1']
        oculto[oculto < 0] = 0.0
        f[t] = oculto @ p['W2'] + p['b2']
    h2 = layer_norm(h1 + f, p['gamma2'], p['beta2'])
    return h2
