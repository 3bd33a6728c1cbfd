import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(1, keepdims=True)
    sd = X.std(1, keepdims=True)
    return gamma * ((X - mu) / np.sqrt(sd**2 + eps)) + beta

def bloque(X, atencion, p):
    A = atencion(X)
    H = layer_norm(A, p["gamma1"], p["beta1"])
    hidden = np.maximum(H @ p["W1"] + p["b1"], 0)
    out = layer_norm(H + hidden @ p["W2"] + p["b2"], p["gamma2"], p["beta2"])
    return out
