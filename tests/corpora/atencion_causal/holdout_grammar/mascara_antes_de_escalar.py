# kind: single
# misconception_es: Suma la máscara a las puntuaciones antes de dividir entre la raíz de d_k, en lugar de a las puntuaciones ya escaladas.
# misconception_en: Adds the mask to the scores before dividing by the square root of d_k, instead of to the already scaled scores.
# line: 15
# expect: mask_before_scaling
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T
    if mascara is not None:
        E = E + mascara
    E = E / np.sqrt(Q.shape[1])
    E = E - E.max(axis=1, keepdims=True)
    pesos = np.exp(E)
    pesos = pesos / pesos.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
