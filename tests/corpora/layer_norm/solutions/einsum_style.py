import numpy as np

print("cargando mi layer norm")


def layer_norm(X, gamma, beta, eps=1e-5):
    d = X.shape[-1]
    mu = np.einsum("td->t", X) / d
    centered = X - mu[:, None]
    var = np.einsum("td,td->t", centered, centered) / d
    return np.einsum("d,td->td", gamma, centered / np.sqrt(var + eps)[:, None]) + beta


if __name__ == "__main__":
    X = np.arange(12.0).reshape(3, 4)
    print(layer_norm(X, np.ones(4), np.zeros(4)))
