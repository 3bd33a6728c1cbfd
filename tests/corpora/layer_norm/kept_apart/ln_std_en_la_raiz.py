import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu_t = np.mean(X, axis=1, keepdims=True)
    s_t = np.std(X, axis=1, keepdims=True)
    return gamma * (X - mu_t) / np.sqrt(s_t + eps) + beta
