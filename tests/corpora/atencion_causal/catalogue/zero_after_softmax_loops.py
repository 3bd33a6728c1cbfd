# expect: zeroes_weights_after_softmax
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    pesos = np.zeros_like(E)
    for i in range(E.shape[0]):
        z = np.exp(E[i] - E[i].max())
        pesos[i] = z / z.sum()
        if mascara is not None:
            for j in range(E.shape[1]):
                if mascara[i, j] == -np.inf:
                    pesos[i, j] = 0.0
    return pesos @ V, pesos
