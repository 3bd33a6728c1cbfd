import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    T, d = X.shape
    returned = np.empty((T, d))
    for t in range(T):
        fila = X[t]
        media = 0.0
        for j in range(d):
            media += fila[j]
        media = media / d
        suma = 0.0
        for j in range(d):
            suma += (fila[j] - media) ** 2
        s = (suma / d) ** 0.5
        for j in range(d):
            returned[t, j] = gamma[j] * (fila[j] - media) / (s**2 + eps) ** 0.5 + beta[j]
    return returned
