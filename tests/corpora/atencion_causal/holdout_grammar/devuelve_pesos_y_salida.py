# kind: single
# misconception_es: Devuelve la tupla en el orden (pesos, salida) en lugar de (salida, pesos).
# misconception_en: Returns the tuple in the order (weights, output) instead of (output, weights).
# line: 20
# expect: swapped_outputs
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    d_k = Q.shape[1]
    E = Q @ K.T / np.sqrt(d_k)
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    pesos = np.exp(E)
    pesos = pesos / pesos.sum(axis=1, keepdims=True)
    return pesos, pesos @ V
