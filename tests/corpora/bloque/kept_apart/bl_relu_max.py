import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta

def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    z = H @ p["W1"] + p["b1"]
    a = np.max(z, 0)          # ReLU = max(0, z)
    F = a @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
