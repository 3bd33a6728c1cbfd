import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    X_c = X - mu
    var = (X_c ** 2).mean(axis=1, keepdims=True)
    return gamma * X_c / np.sqrt(var + eps) + beta

def bloque(X, atencion, p):
    # subcapa 1
    Y = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    # subcapa 2: perceptron por posiciones
    capa1 = Y @ p["W1"] + p["b1"]
    capa2 = capa1 @ p["W2"] + p["b2"]
    return layer_norm(Y + capa2, p["gamma2"], p["beta2"])
