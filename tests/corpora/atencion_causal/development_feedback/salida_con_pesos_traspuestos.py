# kind: single
# misconception_es: Calcula la salida con los pesos traspuestos: pesosᵀ V.
# misconception_en: Computes the output with the transposed weights: weightsᵀ V.
# line: 19
# step: salida
# expect: output_from_transposed_weights
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - np.max(E, axis=1, keepdims=True))
    pesos = Z / np.sum(Z, axis=1, keepdims=True)
    out = np.einsum("ji,jv->iv", pesos, V)
    return out, pesos
