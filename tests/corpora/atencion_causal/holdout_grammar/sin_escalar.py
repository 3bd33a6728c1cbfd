# kind: single
# misconception_es: Olvida dividir las puntuaciones entre la raíz de d_k antes del softmax.
# misconception_en: Forgets to divide the scores by the square root of d_k before the softmax.
# line: 13
# expect: no_sqrt_dk
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    pesos = np.exp(E) / np.exp(E).sum(axis=1, keepdims=True)
    salida = pesos @ V
    return salida, pesos
