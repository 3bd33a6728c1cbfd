import numpy as np

print("bloque del encoder listo")


def layer_norm(X, gamma, beta, eps=1e-5):
    centered = X - np.mean(X, axis=1)[:, np.newaxis]
    s = np.sqrt(np.mean(centered**2, axis=1))[:, np.newaxis]
    return gamma * centered / np.sqrt(s**2 + eps) + beta


def suma_y_norma(X, subcapa, gamma, beta):
    """La caja «Suma y layer norm»: LayerNorm(X + Sublayer(X))."""
    return layer_norm(X + subcapa(X), gamma, beta)


def bloque(X, atencion, p):
    def perceptron(H):
        oculta = np.dot(H, p["W1"]) + p["b1"]
        oculta[oculta < 0] = 0.0
        return np.dot(oculta, p["W2"]) + p["b2"]

    H = suma_y_norma(X, atencion, p["gamma1"], p["beta1"])
    return suma_y_norma(H, perceptron, p["gamma2"], p["beta2"])


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    X = rng.normal(size=(4, 8))
    p = {
        "W1": rng.normal(size=(8, 16)),
        "b1": np.zeros(16),
        "W2": rng.normal(size=(16, 8)),
        "b2": np.zeros(8),
        "gamma1": np.ones(8),
        "beta1": np.zeros(8),
        "gamma2": np.ones(8),
        "beta2": np.zeros(8),
    }
    print(bloque(X, lambda Z: Z, p).shape)
