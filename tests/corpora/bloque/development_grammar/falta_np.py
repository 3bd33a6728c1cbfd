# kind: error
# misconception_es: usa np.maximum sin haber importado numpy
# misconception_en: uses np.maximum without importing numpy
# line: none
# expect: none
def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / (((X - mu) ** 2).mean(axis=1, keepdims=True) + eps) ** 0.5 + beta


def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    return layer_norm(H + np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"], p["gamma2"], p["beta2"])
