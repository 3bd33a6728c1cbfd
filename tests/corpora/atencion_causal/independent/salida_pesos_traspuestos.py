# kind: single
# misconception_es: multiplica los pesos traspuestos por V (pesosᵀ·V)
# misconception_en: multiplies the transposed weights by V (weightsᵀ·V)
# line: 19
# expect: new:output_from_transposed_weights
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos.T @ V, pesos
