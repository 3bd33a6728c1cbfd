import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    media = X.mean(axis=0)
    desv = X.std(axis=0)
    return gamma * (X - media) / np.sqrt(desv ** 2 + eps) + beta

def bloque(X, atencion, p):
    primera = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    oculta = np.maximum(0, primera @ p["W1"] + p["b1"])
    segunda = oculta @ p["W2"] + p["b2"]
    return layer_norm(primera + segunda, p["gamma2"], p["beta2"])
