# kind: double
# misconception_es: softmax sin restar el máximo y además devuelve (pesos, salida)
# misconception_en: softmax without subtracting the max and also returns (weights, output)
# line: 17, 19
# expect: unstable_softmax, swapped_outputs
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E)
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos, pesos @ V
