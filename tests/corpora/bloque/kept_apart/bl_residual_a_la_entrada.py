import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    m = np.mean(X, axis=1, keepdims=True)
    v = np.var(X, axis=1, keepdims=True)
    return gamma * (X - m) / np.sqrt(v + eps) + beta

def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    # la residual vuelve a la entrada del bloque
    return layer_norm(X + F, p["gamma2"], p["beta2"])
