# kind: single
# misconception_es: en float32 con einsum, sin ReLU
# misconception_en: in float32 with einsum, no ReLU
# line: 19
# expect: missing_relu
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


def bloque(X, atencion, p):
    X32 = X.astype(np.float32)
    H = layer_norm(X32 + atencion(X32), p["gamma1"], p["beta1"]).astype(np.float32)
    hid = np.einsum("td,df->tf", H, p["W1"].astype(np.float32)) + p["b1"]
    F = np.einsum("tf,fd->td", hid, p["W2"].astype(np.float32)) + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"]).astype(np.float32)
