"""Mi solución del reto de la máscara causal."""

import numpy as np

print("cargando la solución...")


def softmax_por_filas(E):
    E = E - E.max(axis=1, keepdims=True)
    Z = np.exp(E)
    return Z / Z.sum(axis=1, keepdims=True)


def puntuaciones(Q, K):
    return (Q @ K.T) / np.sqrt(K.shape[1])


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = puntuaciones(Q, K)
    if mascara is not None:
        E = E + mascara
    pesos = softmax_por_filas(E)
    return pesos @ V, pesos


if __name__ == "__main__":
    E = np.array([[2.0, 1.0, 0.5, 3.0], [0.0, 2.0, 1.0, 1.0], [1.0, 0.0, 2.0, 0.5], [0.5, 1.0, 0.0, 2.0]])
    A = softmax_por_filas(E + mascara_causal(4))
    print(np.round(A[0], 2), A.sum(axis=1))
