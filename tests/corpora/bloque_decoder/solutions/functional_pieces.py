import numpy as np

EPS = 1e-5


def layer_norm(X, gamma, beta, eps=EPS):
    mu = np.mean(X, axis=1, keepdims=True)
    sigma2 = np.var(X, axis=1, keepdims=True)
    xhat = (X - mu) / np.sqrt(sigma2 + eps)
    return gamma * xhat + beta


def _add_and_norm(x, y, gamma, beta):
    return layer_norm(np.add(x, y), gamma, beta)


def _ffn(x, p):
    a = np.matmul(x, p["W1"]) + p["b1"]
    return np.matmul(np.maximum(a, 0), p["W2"]) + p["b2"]


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    masked = auto_atencion(Y)
    h1 = _add_and_norm(Y, masked, p["gamma1"], p["beta1"])
    crossed = atencion_cruzada(h1, memoria)  # queries from h1, keys and values from the memory
    h2 = _add_and_norm(h1, crossed, p["gamma2"], p["beta2"])
    return _add_and_norm(h2, _ffn(h2, p), p["gamma3"], p["beta3"])
