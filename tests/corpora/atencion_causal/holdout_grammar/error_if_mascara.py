# kind: error
# misconception_es: Comprueba la máscara con `if mascara:`, que con un array de NumPy lanza una excepción en lugar de preguntar si es None.
# misconception_en: Tests the mask with `if mascara:`, which raises on a NumPy array instead of asking whether it is None.
# line: 14
# expect: mask_truth_value
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    pesos = np.exp(E)
    pesos = pesos / pesos.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
