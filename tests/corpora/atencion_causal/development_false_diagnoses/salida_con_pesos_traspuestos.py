# kind: single
# misconception_es: Combina los valores con los pesos traspuestos, pesos.T @ V, en lugar de pesos @ V.
# misconception_en: Mixes the values with the transposed weights, pesos.T @ V, instead of pesos @ V.
# line: 19
# expect: output_from_transposed_weights
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    P = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = P / P.sum(axis=1, keepdims=True)
    salida = np.matmul(pesos.T, V)
    return salida, pesos
